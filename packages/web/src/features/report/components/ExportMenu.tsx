import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Export as xlsx or CSV: spins while the download runs; errors show as every call's do. */
export function ExportMenu({ onExport }: { onExport(format: 'xlsx' | 'csv'): Promise<void> }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const run = async (format: 'xlsx' | 'csv') => {
    setExporting(true);
    await onExport(format).catch(() => {});
    setExporting(false);
  };
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'xlsx', label: t('report.exportXlsx') },
          { key: 'csv', label: t('report.exportCsv') },
        ],
        onClick: ({ key }) => run(key as 'xlsx' | 'csv'),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={exporting}>
        {t('report.export')}
      </Button>
    </Dropdown>
  );
}
