import { apiKeyNameSchema } from '@sunstack/shared';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useCreateApiKey } from '../api/createApiKey.ts';

/** Names a new key, then shows the key once, with a copy button: only its hash is kept. */
export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateApiKey();
  const [key, setKey] = useState<string>();

  useEffect(() => {
    if (open) {
      form.resetFields();
      setKey(undefined);
    }
  }, [open, form]);

  const onFinish = async (values: { name: string }) => {
    try {
      setKey((await create.mutateAsync(values)).key);
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  if (key) {
    return (
      <Modal
        open={open}
        title={t('apiKey.createdTitle')}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            {t('apiKey.done')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={t('apiKey.shownOnce')} style={{ marginBottom: 16 }} />
        <Typography.Paragraph
          copyable={{ text: key, tooltips: [t('apiKey.copy'), t('apiKey.copied')] }}
          code
          style={{ wordBreak: 'break-all' }}
        >
          {key}
        </Typography.Paragraph>
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      title={t('apiKey.new')}
      okText={t('apiKey.create')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label={t('apiKey.name')} name="name" rules={[zodRule(apiKeyNameSchema, t)]} extra={t('apiKey.nameHint')}>
          <Input maxLength={32} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
