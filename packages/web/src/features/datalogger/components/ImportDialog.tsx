import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, List, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errnoMessage, type Issue } from '../../../lib/http.ts';
import { type ImportResult, useImportDataloggers } from '../api/importDataloggers.ts';

/** The secrets and label check codes as CSV, for the factory's flashing and label tools; offered once, like the secrets themselves. */
function downloadSecrets(result: ImportResult) {
  const csv = ['sn,secret,checkCode', ...result.secrets.map(({ sn, secret, checkCode }) => `${sn},${secret},${checkCode}`)].join('\n');
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  link.download = `datalogger-secrets-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** Imports a spreadsheet of dataloggers (first sheet, a column "SN"): all or none, every bad row named. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const importFile = useImportDataloggers();
  const [result, setResult] = useState<ImportResult | null>(null);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setResult(null);
    setIssues([]);
    setFailure(null);
    onClose();
  };
  const send = async (file: File) => {
    setIssues([]);
    setFailure(null);
    try {
      setResult(await importFile.mutateAsync(file));
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) setIssues(error.issues);
      else if (error instanceof ApiError) setFailure(errnoMessage(error.errno));
    }
  };
  const describe = (issue: Issue) =>
    issue.path.startsWith('rows.')
      ? t('import.rowIssue', { row: issue.path.slice('rows.'.length), reason: t(issue.message) })
      : t(issue.message);

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={close}
      footer={<Button onClick={close}>{t('datalogger.done')}</Button>}
      destroyOnHidden
    >
      {result ? (
        <Alert
          type="success"
          showIcon
          title={t('import.done', { count: result.imported })}
          description={
            <>
              <p>{t('import.secretsOnce')}</p>
              <Button type="primary" onClick={() => downloadSecrets(result)}>
                {t('import.downloadSecrets')}
              </Button>
            </>
          }
        />
      ) : (
        <>
          <Upload.Dragger
            accept=".xlsx"
            multiple={false}
            showUploadList={false}
            disabled={importFile.isPending}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('import.drop')}</p>
            <Typography.Text type="secondary">{t('import.hint')}</Typography.Text>
          </Upload.Dragger>
          {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 16 }} />}
          {issues.length > 0 && (
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 16 }}
              title={t('import.nothingImported', { count: issues.length })}
              description={
                <List size="small" dataSource={issues.slice(0, 200)} renderItem={(issue) => <List.Item>{describe(issue)}</List.Item>} />
              }
            />
          )}
        </>
      )}
    </Modal>
  );
}
