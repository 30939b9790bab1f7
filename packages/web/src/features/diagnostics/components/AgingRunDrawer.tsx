import { Alert, Button, Drawer, Flex, Form, Input, InputNumber } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerIssues } from '../../../lib/forms.ts';
import { useCreateAgingRun } from '../api/aging.ts';
import { InverterSelect } from './InverterSelect.tsx';

const DEFAULTS = { durationHours: 24, outputKw: 9, tolerancePct: 5, maxTemperature: 70 };

/** Starts an ageing run: the rack's inverters by SN, how long, and the pass criteria; then shows it. */
export function AgingRunDrawer({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const create = useCreateAgingRun();

  useEffect(() => {
    if (!open) form.resetFields();
  }, [open, form]);

  async function submit() {
    const values = await form.validateFields();
    try {
      const created = await create.mutateAsync({
        name: values.name,
        sns: values.sns,
        durationMinutes: Math.round(values.durationHours * 60),
        outputKw: values.outputKw,
        tolerancePct: values.tolerancePct,
        maxTemperature: values.maxTemperature,
      });
      onClose();
      onCreated(created.id);
    } catch (error) {
      showServerIssues(form, error, t);
    }
  }

  const required = [{ required: true, message: t('validation.required') }];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('aging.newRun')}
      size="default"
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('remoteSetting.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => submit().catch(() => {})}>
            {t('aging.start')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" requiredMark={false} initialValues={DEFAULTS}>
        <Form.Item name="name" label={t('aging.name')} rules={required}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="sns" label={t('aging.devices')} rules={required}>
          <InverterSelect multiple />
        </Form.Item>
        <Form.Item name="durationHours" label={t('aging.durationHours')} rules={required}>
          <InputNumber min={1 / 6} max={168} step={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="outputKw" label={t('aging.outputKw')} rules={required}>
          <InputNumber min={0.1} max={1000} step={0.1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="tolerancePct" label={t('aging.tolerancePct')} rules={required}>
          <InputNumber min={0.5} max={50} step={0.5} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="maxTemperature" label={t('aging.maxTemperature')} rules={required}>
          <InputNumber min={30} max={120} step={1} style={{ width: '100%' }} />
        </Form.Item>
        <Alert type="info" showIcon title={t('aging.hint')} />
      </Form>
    </Drawer>
  );
}
