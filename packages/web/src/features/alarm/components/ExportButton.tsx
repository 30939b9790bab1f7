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
  return <DownloadButton onDownload={() => exportAlarms(filters())} />;
}

/** The export button of the alarm screens: spins while `onDownload` (an xlsx download) runs. */
export function DownloadButton({ onDownload }: { onDownload: () => Promise<void> }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    await onDownload().catch(() => {});
    setExporting(false);
  };
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
      {t('log.export')}
    </Button>
  );
}
