import { type SchedulePeriod, type Template, templateSaveBody } from '@sunstack/shared';
import { Button, Drawer, Flex, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { useNow } from '../../../lib/relativeTime.ts';
import { useSaveTemplate } from '../api/saveTemplate.ts';
import { DayTimeline } from './DayTimeline.tsx';
import { PriceFields } from './PriceFields.tsx';
import { checkStrategy, StrategyFields } from './StrategyFields.tsx';

const NEW_STRATEGY = { WorkMode: 'TimePeriods', MinSoc: 10, SchedulePeriods: [], PricePeriods: [] };

/** Creates a template (`template` undefined) or changes one: its name and strategy, checked with the shared schema before it is saved. */
export function TemplateDrawer({ open, template, onClose }: { open: boolean; template?: Template; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useSaveTemplate();
  const now = useNow();
  const [cheapSlots, setCheapSlots] = useState<number[]>([]);
  const workMode = Form.useWatch('WorkMode', form);
  const periods = (Form.useWatch('SchedulePeriods', form) ?? []) as SchedulePeriod[];
  const prices = Form.useWatch('PricePeriods', form) ?? [];
  const readOnly = template !== undefined && !template.writable;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(template ? { name: template.name, ...template.strategy } : { name: '', ...NEW_STRATEGY });
    setCheapSlots([]);
  }, [open, template, form]);

  async function submit() {
    await form.validateFields(['name']);
    const strategy = checkStrategy(form, t);
    if (!strategy) return;
    try {
      await save.mutateAsync({ id: template?.id, name: form.getFieldValue('name'), strategy });
      onClose();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={template ? template.name : t('template.new')}
      size="large"
      styles={{ body: { paddingBlockStart: 8 } }}
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('remoteSetting.cancel')}</Button>
          <Button type="primary" onClick={() => submit().catch(() => {})} loading={save.isPending} disabled={readOnly}>
            {t('template.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" requiredMark={false} disabled={readOnly}>
        <Form.Item name="name" label={t('template.name')} rules={[zodRule(templateSaveBody.shape.name, t)]}>
          <Input maxLength={64} />
        </Form.Item>
        <StrategyFields form={form} disabled={readOnly} />
        <div style={{ marginBlock: 16 }}>
          <DayTimeline workMode={workMode} periods={periods} prices={prices} cheapSlots={cheapSlots} now={now} />
        </div>
        <PriceFields form={form} disabled={readOnly} onCheapSlots={setCheapSlots} />
      </Form>
    </Drawer>
  );
}
