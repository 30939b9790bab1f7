import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportTable } from './exportTable.ts';
import { type ExportFormat, saveTable } from './saveTable.ts';

/**
 * Every chart's export: its data as xlsx or CSV, named `name`. `table` is built on click, so a
 * chart does not assemble rows nobody asked for; without one (no data yet) the button is disabled.
 */
export function ChartExport({ table, name }: { table: (() => ExportTable) | undefined; name: string }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const save = async (format: ExportFormat) => {
    if (!table) return;
    setSaving(true);
    try {
      await saveTable(table(), name, format);
    } catch {
      // Only the xlsx writer's chunk can fail to load; the data is already here.
      void message.error(t('common.networkError'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dropdown
      disabled={!table}
      trigger={['click']}
      menu={{
        items: [
          { key: 'xlsx', label: t('monitoring.exportXlsx') },
          { key: 'csv', label: t('monitoring.exportCsv') },
        ],
        onClick: ({ key }) => void save(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={saving} disabled={!table}>
        {t('monitoring.export')}
      </Button>
    </Dropdown>
  );
}
