import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportTable } from './exportTable.ts';
import { type ExportFormat, saveTable } from './saveTable.ts';

/**
 * An export button offering xlsx or CSV; `onExport` makes and saves the file (disabled without one).
 * `failure` is said when it fails without saying why itself (a server export shows its errno).
 */
export function ExportMenu({ onExport, failure }: { onExport: ((format: ExportFormat) => Promise<void>) | undefined; failure?: string }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const save = async (format: ExportFormat) => {
    if (!onExport) return;
    setSaving(true);
    try {
      await onExport(format);
    } catch {
      if (failure) void message.error(failure);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dropdown
      disabled={!onExport}
      trigger={['click']}
      menu={{
        items: [
          { key: 'xlsx', label: t('monitoring.exportXlsx') },
          { key: 'csv', label: t('monitoring.exportCsv') },
        ],
        onClick: ({ key }) => void save(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={saving} disabled={!onExport}>
        {t('monitoring.export')}
      </Button>
    </Dropdown>
  );
}

/**
 * Every chart's export: its data as xlsx or CSV, named `name`. `table` is built on click, so a
 * chart does not assemble rows nobody asked for; without one (no data yet) the button is disabled.
 */
export function ChartExport({ table, name }: { table: (() => ExportTable) | undefined; name: string }) {
  const { t } = useTranslation();
  // Only the xlsx writer's chunk can fail to load; the data is already here.
  return <ExportMenu onExport={table && ((format) => saveTable(table(), name, format))} failure={t('common.networkError')} />;
}
