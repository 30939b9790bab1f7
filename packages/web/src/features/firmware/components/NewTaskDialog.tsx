import type { UpgradeDeviceType } from '@sunstack/shared';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerIssues } from '../../../lib/forms.ts';
import { useCreateUpgrade } from '../api/createUpgrade.ts';
import { useFirmwareList } from '../api/listFirmware.ts';
import { snsOf } from './snsOf.ts';

interface Fields {
  name: string;
  firmwareId: number;
  sns: string;
}

/** A new upgrade task: a published firmware of the kind, sent to one device or a batch (its SNs). */
export function NewTaskDialog({ kind, open, onClose }: { kind: UpgradeDeviceType; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const firmware = useFirmwareList({ deviceType: kind, published: true, pageSize: 50 }, open);
  const create = useCreateUpgrade();
  const [outcome, setOutcome] = useState<{ sent: number; skipped: number; refused: string[] }>();
  const close = () => {
    setOutcome(undefined);
    form.resetFields();
    onClose();
  };
  const submit = async ({ name, firmwareId, sns }: Fields) => {
    try {
      setOutcome(await create.mutateAsync({ name, firmwareId, sns: snsOf(sns) }));
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Modal
      open={open}
      title={t('upgrade.new')}
      onCancel={close}
      onOk={outcome ? close : () => form.submit()}
      okText={t(outcome ? 'upgrade.done' : 'upgrade.send')}
      cancelButtonProps={{ style: outcome ? { display: 'none' } : undefined }}
      cancelText={t('firmware.cancel')}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      {outcome ? (
        <Alert
          type={outcome.refused.length > 0 ? 'warning' : 'success'}
          showIcon
          title={t('upgrade.created', { sent: outcome.sent, skipped: outcome.skipped })}
          description={outcome.refused.length > 0 && t('upgrade.refused', { sns: outcome.refused.join(', ') })}
        />
      ) : (
        <Form<Fields> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="name" label={t('upgrade.name')} rules={[{ required: true, whitespace: true, message: t('upgrade.nameLength') }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="firmwareId" label={t('upgrade.firmware')} rules={[{ required: true, message: t('upgrade.firmwareRequired') }]}>
            <Select
              loading={firmware.isLoading}
              notFoundContent={t('upgrade.noFirmware')}
              options={firmware.data?.firmware
                .filter((row) => !row.blacklisted)
                .map((row) => ({ value: row.id, label: `${row.name} · ${row.version} · ${t(`firmware.types.${row.firmwareType}`)}` }))}
            />
          </Form.Item>
          <Form.Item
            name="sns"
            label={t(kind === 'module' ? 'upgrade.dataloggerSns' : 'upgrade.sns')}
            rules={[{ required: true, whitespace: true, message: t('upgrade.snRequired') }]}
          >
            <Input.TextArea rows={5} placeholder={t('upgrade.snsHint')} />
          </Form.Item>
          <Typography.Text type="secondary">{t('upgrade.skipHint')}</Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
