import type { UpgradeDeviceType } from '@sunstack/shared';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerIssues } from '../../../lib/forms.ts';
import { useFirmwareList } from '../api/listFirmware.ts';

/** What the server made of a sent dialog: the success line, and the SNs it refused (out of scope or unknown). */
export interface UpgradeOutcome {
  title: string;
  refused: string[];
}

/**
 * The dialog both upgrades are made in (a task, a strategy): the firmware (published, of the kind, not blacklisted)
 * and the devices' SNs, between the fields of each (`head` above, `children` below); once sent, what was made in
 * place of the form. A server's field issues land on their fields.
 */
export function UpgradeDialog<Fields extends { firmwareId: number; sns: string }>({
  kind,
  open,
  onClose,
  title,
  okText,
  width,
  pending,
  initialValues,
  submit,
  head,
  children,
}: {
  kind: UpgradeDeviceType;
  open: boolean;
  onClose: () => void;
  title: string;
  okText: string;
  width?: number;
  pending: boolean;
  initialValues?: Partial<Fields>;
  submit: (fields: Fields) => Promise<UpgradeOutcome>;
  head: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const firmware = useFirmwareList({ deviceType: kind, published: true, pageSize: 50 }, open);
  const [outcome, setOutcome] = useState<UpgradeOutcome>();
  const close = () => {
    setOutcome(undefined);
    form.resetFields();
    onClose();
  };
  const finish = async (fields: Fields) => {
    try {
      setOutcome(await submit(fields));
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      onOk={outcome ? close : () => form.submit()}
      okText={outcome ? t('upgrade.done') : okText}
      cancelButtonProps={{ style: outcome ? { display: 'none' } : undefined }}
      cancelText={t('firmware.cancel')}
      confirmLoading={pending}
      width={width}
      destroyOnHidden
    >
      {outcome ? (
        <Alert
          type={outcome.refused.length > 0 ? 'warning' : 'success'}
          showIcon
          title={outcome.title}
          description={outcome.refused.length > 0 && t('upgrade.refused', { sns: outcome.refused.join(', ') })}
        />
      ) : (
        <Form<Fields> form={form} layout="vertical" onFinish={finish} requiredMark={false} initialValues={initialValues}>
          {head}
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
            <Input.TextArea rows={4} placeholder={t('upgrade.snsHint')} />
          </Form.Item>
          {children}
        </Form>
      )}
    </Modal>
  );
}
