import { LIMITS, PRICE_KINDS, pricePeriod } from '@sunstack/shared';
import { Button, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/forms.ts';

/**
 * A plant's time-of-use import prices: periods of its local clock (start, end, tariff, price per
 * kWh); outside them the import price applies. Overlaps are refused by the server, under the field.
 */
export function PricePeriodList() {
  const { t } = useTranslation();
  const field = pricePeriod.shape;
  return (
    <Form.List name="pricePeriods">
      {(rows, { add, remove }) => (
        <Flex vertical gap={4} style={{ marginBottom: 16 }}>
          <Typography.Text>{t('owners.pricePeriods')}</Typography.Text>
          <Typography.Text type="secondary">{t('owners.pricePeriodsHint')}</Typography.Text>
          {rows.map((row, index) => (
            <Row key={row.key} gutter={8} role="group" aria-label={t('workMode.priceLabel', { number: index + 1 })}>
              <Col xs={12} sm={5}>
                <Form.Item name={[row.name, 'start']} label={t('owners.from')} rules={[zodRule(field.start, t)]}>
                  <Input placeholder="07:00" maxLength={5} />
                </Form.Item>
              </Col>
              <Col xs={12} sm={5}>
                <Form.Item name={[row.name, 'end']} label={t('owners.to')} rules={[zodRule(field.end, t)]}>
                  <Input placeholder="22:00" maxLength={5} />
                </Form.Item>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item name={[row.name, 'kind']} label={t('workMode.priceKind')} rules={[zodRule(field.kind, t)]}>
                  <Select options={PRICE_KINDS.map((kind) => ({ value: kind, label: t(`workMode.priceKinds.${kind}`) }))} />
                </Form.Item>
              </Col>
              <Col xs={9} sm={6}>
                <Form.Item name={[row.name, 'price']} label={t('workMode.price')} rules={[zodRule(field.price, t)]}>
                  <InputNumber step={0.01} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={3} sm={2} style={{ paddingTop: 30 }}>
                <Button type="link" danger onClick={() => remove(row.name)} aria-label={t('workMode.remove')} style={{ paddingInline: 0 }}>
                  ×
                </Button>
              </Col>
            </Row>
          ))}
          <Button
            style={{ alignSelf: 'start' }}
            disabled={rows.length >= LIMITS.strategyPeriods.max}
            onClick={() => add({ start: '22:00', end: '06:00', kind: 'valley', price: 0.1 })}
          >
            {t('workMode.addPrice')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
