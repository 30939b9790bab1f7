import { Col, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodRule } from '../../../lib/forms.ts';

/** A list row's start and end clock times (HH:MM, plant local), each checked by its schema field: schedule and price periods. */
export function ClockSpanFields({ name, start, end }: { name: number; start: z.ZodType; end: z.ZodType }) {
  const { t } = useTranslation();
  return (
    <>
      <Col xs={12} sm={6}>
        <Form.Item name={[name, 'start']} label={t('workMode.start')} rules={[zodRule(start, t)]}>
          <Input type="time" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name={[name, 'end']} label={t('workMode.end')} rules={[zodRule(end, t)]}>
          <Input type="time" />
        </Form.Item>
      </Col>
    </>
  );
}
