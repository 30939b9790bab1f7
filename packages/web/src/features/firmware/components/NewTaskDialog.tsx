import type { UpgradeDeviceType } from '@sunstack/shared';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateUpgrade } from '../api/createUpgrade.ts';
import { snsOf } from './snsOf.ts';
import { UpgradeDialog } from './UpgradeDialog.tsx';

interface Fields {
  name: string;
  firmwareId: number;
  sns: string;
}

/** A new upgrade task: a published firmware of the kind, sent to one device or a batch (its SNs). */
export function NewTaskDialog({ kind, open, onClose }: { kind: UpgradeDeviceType; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateUpgrade();
  const submit = async ({ name, firmwareId, sns }: Fields) => {
    const { sent, skipped, refused } = await create.mutateAsync({ name, firmwareId, sns: snsOf(sns) });
    return { title: t('upgrade.created', { sent, skipped }), refused };
  };

  return (
    <UpgradeDialog<Fields>
      kind={kind}
      open={open}
      onClose={onClose}
      title={t('upgrade.new')}
      okText={t('upgrade.send')}
      pending={create.isPending}
      submit={submit}
      head={
        <Form.Item name="name" label={t('upgrade.name')} rules={[{ required: true, whitespace: true, message: t('upgrade.nameLength') }]}>
          <Input maxLength={64} />
        </Form.Item>
      }
    >
      <Typography.Text type="secondary">{t('upgrade.skipHint')}</Typography.Text>
    </UpgradeDialog>
  );
}
