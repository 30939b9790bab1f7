import {
  Errno,
  FAULT_SEVERITIES,
  type FaultSeverity,
  type NotificationSubscription,
  subscriptionSaveBody,
  WEBHOOK_URL_MAX,
} from '@sunstack/shared';
import { Alert, Checkbox, Flex, Form, Input, Modal, message, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../api/userInfo.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { ApiError, errnoMessage } from '../../../lib/http.ts';
import { usePlantChoices } from '../api/plantChoices.ts';
import { useSaveSubscription } from '../api/saveSubscription.ts';

interface Values {
  plantId?: number;
  severities: FaultSeverity[];
  email: boolean;
  push: boolean;
  webhookUrl?: string;
  renewSecret: boolean;
}

/** What is being edited: an existing subscription, a new one, or nothing (closed). */
export type Editing = NotificationSubscription | 'new' | undefined;

/**
 * Adds or changes an alarm notification: plant (empty: every plant in the caller's scope; fixed
 * once saved, since a subscription is the one for its plant), severities, email to the account's
 * mailbox, Web Push to the browsers the account turned on, webhook URL. A webhook's signing secret is shown once, after the save that generated it.
 */
export function SubscriptionModal({
  editing,
  existing,
  plantSearch,
  onClose,
}: {
  editing: Editing;
  /** The caller's subscriptions: saving a new one for a plant that has one replaces it. */
  existing: NotificationSubscription[];
  /** Whether the account may list plants to choose from (integrators subscribe to their whole scope). */
  plantSearch: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveSubscription();
  const user = useUserInfo();
  const [plantText, setPlantText] = useState('');
  const [secret, setSecret] = useState<string>();
  const current = editing === 'new' ? undefined : editing;
  const plantId = Form.useWatch('plantId', form);
  // Only a new subscription chooses its plant; a saved one keeps it (and its name comes with it).
  const plants = usePlantChoices(plantText, undefined, plantSearch && editing === 'new');
  const plantOptions = current
    ? current.plantId === null
      ? []
      : [{ value: current.plantId, label: current.plantName || t('alarmNotify.plantGone') }]
    : (plants.data ?? []).map((plant) => ({ value: plant.id, label: plant.name }));
  const replaces = editing === 'new' && existing.some((s) => s.plantId === (plantId ?? null));

  const close = () => {
    setSecret(undefined);
    onClose();
  };

  const onOk = async () => {
    if (secret) return close();
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      const answer = await save.mutateAsync({
        plantId: values.plantId ?? null,
        severities: values.severities,
        email: values.email,
        push: values.push,
        webhookUrl: values.webhookUrl?.trim() || null,
        ...(values.renewSecret ? { renewSecret: true } : {}),
      });
      void message.success(t('alarmNotify.saved'));
      if (answer.secret) setSecret(answer.secret);
      else close();
    } catch (error) {
      showServerIssues(form, error, t);
      // The server's SSRF guard: a private or credentialed address, shown where it was typed.
      if (error instanceof ApiError && error.errno === Errno.webhookUrlRefused) {
        form.setFields([{ name: 'webhookUrl', errors: [errnoMessage(error.errno)] }]);
      }
    }
  };

  return (
    <Modal
      open={editing !== undefined}
      title={t(secret ? 'alarmNotify.secretTitle' : current ? 'alarmNotify.editTitle' : 'alarmNotify.addTitle')}
      onOk={onOk}
      onCancel={close}
      okText={secret ? t('alarmNotify.secretDone') : t('common.save')}
      cancelButtonProps={{ style: secret ? { display: 'none' } : undefined }}
      confirmLoading={save.isPending}
      // The secret is shown only now: a stray click beside the dialog must not lose it.
      mask={{ closable: !secret }}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      {secret ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('alarmNotify.secretOnce')} />
          <Typography.Text code copyable={{ text: secret }} style={{ fontSize: 15, wordBreak: 'break-all' }}>
            {secret}
          </Typography.Text>
          <Typography.Text type="secondary">{t('alarmNotify.secretHow')}</Typography.Text>
        </Flex>
      ) : (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{
            plantId: current?.plantId ?? undefined,
            severities: current?.severities ?? [...FAULT_SEVERITIES],
            email: current?.email ?? true,
            push: current?.push ?? true,
            webhookUrl: current?.webhookUrl ?? '',
            renewSecret: false,
          }}
        >
          <Form.Item label={t('alarm.plant')} extra={plantSearch && !current ? t('alarmNotify.plantHint') : undefined}>
            {plantSearch ? (
              <Form.Item name="plantId" noStyle>
                <Select
                  allowClear
                  disabled={current !== undefined}
                  showSearch={{ filterOption: false, onSearch: setPlantText }}
                  placeholder={t('alarmNotify.allPlants')}
                  aria-label={t('alarm.plant')}
                  loading={plants.isFetching}
                  onChange={() => setPlantText('')}
                  options={plantOptions}
                />
              </Form.Item>
            ) : (
              <Typography.Text>{t('alarmNotify.allPlants')}</Typography.Text>
            )}
          </Form.Item>
          {replaces && <Alert type="info" showIcon title={t('alarmNotify.replaces')} style={{ marginBottom: 16 }} />}
          <Form.Item label={t('alarm.severity')} name="severities" rules={[zodRule(subscriptionSaveBody.shape.severities, t)]}>
            <Checkbox.Group options={FAULT_SEVERITIES.map((severity) => ({ value: severity, label: t(`alarm.severities.${severity}`) }))} />
          </Form.Item>
          <Form.Item
            label={t('alarmNotify.email')}
            name="email"
            valuePropName="checked"
            dependencies={['push', 'webhookUrl']}
            extra={user.data?.email ? t('alarmNotify.emailTo', { email: user.data.email }) : t('alarmNotify.emailHint')}
            rules={[
              ({ getFieldValue }) => ({
                // The contract's rule (at least one channel), told where the person looks first.
                validator: async (_, email: boolean) => {
                  if (!email && !getFieldValue('push') && !getFieldValue('webhookUrl')?.trim())
                    throw new Error(t('alarmNotify.channelRequired'));
                },
              }),
            ]}
          >
            <Switch />
          </Form.Item>
          <Form.Item label={t('alarmNotify.push')} name="push" valuePropName="checked" extra={t('alarmNotify.pushHint')}>
            <Switch />
          </Form.Item>
          <Form.Item
            label={t('alarmNotify.webhook')}
            name="webhookUrl"
            extra={t('alarmNotify.webhookHint')}
            rules={[zodRule(subscriptionSaveBody.shape.webhookUrl.unwrap(), t, { optional: true })]}
          >
            <Input type="url" inputMode="url" placeholder="https://" maxLength={WEBHOOK_URL_MAX} />
          </Form.Item>
          {current?.webhookUrl && (
            <Form.Item name="renewSecret" valuePropName="checked">
              <Checkbox>{t('alarmNotify.renewSecret')}</Checkbox>
            </Form.Item>
          )}
        </Form>
      )}
    </Modal>
  );
}
