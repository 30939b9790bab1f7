import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Exports a log with its current filters (no paging) to xlsx; errors show as every call's do. */
export function ExportButton<F extends { currentPage: number; pageSize: number }>({
  query,
  exportFile,
}: {
  query: F;
  exportFile: (filters: Omit<F, 'currentPage' | 'pageSize'>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    const { currentPage: _, pageSize: __, ...filters } = query;
    await exportFile(filters).catch(() => {});
    setExporting(false);
  };
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
      {t('log.export')}
    </Button>
  );
}
