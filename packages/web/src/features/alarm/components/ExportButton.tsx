import { DownloadOutlined } from '@ant-design/icons';
import type { AlarmExportBody } from '@sunstack/shared';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportAlarms } from '../api/exportAlarms.ts';

/**
 * Exports the shown list with its current filters (no paging) to xlsx, like the logs' export;
 * `filters` is asked at the click, so a rolling range ends then. Errors show as every call's do.
 */
export function ExportButton({ filters }: { filters: () => AlarmExportBody }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    await exportAlarms(filters()).catch(() => {});
    setExporting(false);
  };
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
      {t('log.export')}
    </Button>
  );
}
