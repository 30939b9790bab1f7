import {
  AGILE_SLOTS,
  agilePrices,
  cheapestSlots,
  LIMITS,
  type PeriodLimits,
  PRICE_KINDS,
  type PricePeriod,
  periodsFromAgile,
  periodsFromPrices,
  pricePeriod,
  pricePeriods,
  type SchedulePeriod,
  slotClock,
} from '@sunstack/shared';
import { Button, Col, Flex, Form, type FormInstance, Input, InputNumber, message, Row, Select, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSchemaIssues, zodRule } from '../../../lib/forms.ts';
import { ClockSpanFields } from './ClockSpanFields.tsx';

/** Prices as typed: numbers separated by commas, semicolons, spaces or lines ("0,12" is not a decimal here: use a point). */
export const parsePrices = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter((part) => part !== '')
    .map(Number);

/**
 * Electricity prices a schedule is planned on: price periods (peak, valley, flat, each with its
 * price), kept in the strategy, and an agile tariff's 48 half-hour prices, whose 4 cheapest slots
 * become charging periods (spec section 9). Each proposes time periods into the form, where they are
 * reviewed before anything is sent; `onCheapSlots` tells the timeline the agile tariff's cheapest slots.
 */
export function PriceFields({
  form,
  disabled,
  onCheapSlots,
}: {
  form: FormInstance;
  disabled?: boolean;
  onCheapSlots: (slots: number[]) => void;
}) {
  const { t } = useTranslation();
  const [power, setPower] = useState<number | null>(3000);
  const [maxSoc, setMaxSoc] = useState<number | null>(100);
  const [agileText, setAgileText] = useState('');
  const [agileError, setAgileError] = useState<string>();
  const field = pricePeriod.shape;

  /** What proposed periods hold besides their window: the power and maximum SoC given here, the strategy's minimum SoC as floors. */
  function limits(): PeriodLimits {
    const minSoc = (form.getFieldValue('MinSoc') as number | undefined) ?? LIMITS.soc.min;
    return { minSocOnGrid: minSoc, fdSoc: minSoc, fdPwr: power ?? 0, maxSoc: maxSoc ?? LIMITS.soc.max };
  }
  function propose(periods: SchedulePeriod[]) {
    form.setFieldsValue({ WorkMode: 'TimePeriods', SchedulePeriods: periods });
    void form.validateFields(['SchedulePeriods'], { recursive: true }).catch(() => {});
    void message.info(t('workMode.proposed', { count: periods.length }));
  }
  function proposeFromPrices() {
    const checked = pricePeriods.safeParse(form.getFieldValue('PricePeriods') ?? []);
    if (!checked.success) {
      showSchemaIssues(
        form,
        checked.error.issues.map((issue) => ({ ...issue, path: ['PricePeriods', ...issue.path] })),
        t,
      );
      return;
    }
    propose(periodsFromPrices(checked.data as PricePeriod[], limits()));
  }
  function proposeFromAgile() {
    const checked = agilePrices.safeParse(parsePrices(agileText));
    if (!checked.success) {
      setAgileError(t(checked.error.issues[0]?.message ?? 'validation.invalid'));
      onCheapSlots([]);
      return;
    }
    setAgileError(undefined);
    onCheapSlots(cheapestSlots(checked.data));
    propose(periodsFromAgile(checked.data, limits()));
  }

  return (
    <Flex vertical gap={12}>
      <Row gutter={8}>
        {[
          { label: t('workMode.proposalPower'), value: power, onChange: setPower, limits: LIMITS.power, unit: 'W', step: 100 },
          { label: t('workMode.proposalMaxSoc'), value: maxSoc, onChange: setMaxSoc, limits: LIMITS.soc, unit: '%', step: 1 },
        ].map(({ label, value, onChange, limits, unit, step }) => (
          <Col key={unit} xs={12}>
            <Typography.Text type="secondary">{label}</Typography.Text>
            <InputNumber
              aria-label={label}
              value={value}
              onChange={onChange}
              min={limits.min}
              max={limits.max}
              precision={0}
              step={step}
              suffix={unit}
              style={{ width: '100%' }}
            />
          </Col>
        ))}
      </Row>
      <Tabs
        size="small"
        items={[
          {
            key: 'periods',
            label: t('workMode.pricePeriods'),
            children: (
              <Form.List name="PricePeriods">
                {(rows, { add, remove }) => (
                  <Flex vertical gap={4}>
                    {rows.map((row, index) => (
                      <Row key={row.key} gutter={8} role="group" aria-label={t('workMode.priceLabel', { number: index + 1 })}>
                        <ClockSpanFields name={row.name} start={field.start} end={field.end} />
                        <Col xs={12} sm={6}>
                          <Form.Item name={[row.name, 'kind']} label={t('workMode.priceKind')} rules={[zodRule(field.kind, t)]}>
                            <Select options={PRICE_KINDS.map((kind) => ({ value: kind, label: t(`workMode.priceKinds.${kind}`) }))} />
                          </Form.Item>
                        </Col>
                        <Col xs={9} sm={4}>
                          <Form.Item name={[row.name, 'price']} label={t('workMode.price')} rules={[zodRule(field.price, t)]}>
                            <InputNumber step={0.01} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                        <Col xs={3} sm={2} style={{ paddingTop: 30 }}>
                          <Button
                            type="link"
                            danger
                            disabled={disabled}
                            onClick={() => remove(row.name)}
                            aria-label={t('workMode.remove')}
                            style={{ paddingInline: 0 }}
                          >
                            ×
                          </Button>
                        </Col>
                      </Row>
                    ))}
                    <Typography.Text type="secondary">{t('workMode.pricesHint')}</Typography.Text>
                    <Flex gap={8} wrap>
                      <Button
                        disabled={disabled || rows.length >= LIMITS.strategyPeriods.max}
                        onClick={() => add({ start: '00:00', end: '06:00', kind: 'valley', price: 0.1 })}
                      >
                        {t('workMode.addPrice')}
                      </Button>
                      <Button type="primary" ghost disabled={disabled || rows.length === 0} onClick={proposeFromPrices}>
                        {t('workMode.proposeFromPrices')}
                      </Button>
                    </Flex>
                  </Flex>
                )}
              </Form.List>
            ),
          },
          {
            key: 'agile',
            label: t('workMode.agile'),
            children: (
              <Flex vertical gap={8}>
                <Typography.Text type="secondary">
                  {t('workMode.agileHint', { slots: AGILE_SLOTS, first: slotClock(0), last: slotClock(AGILE_SLOTS - 1) })}
                </Typography.Text>
                <Input.TextArea
                  aria-label={t('workMode.agilePrices')}
                  value={agileText}
                  onChange={(event) => setAgileText(event.target.value)}
                  autoSize={{ minRows: 3, maxRows: 6 }}
                  status={agileError ? 'error' : undefined}
                  placeholder="0.21, 0.19, 0.18, …"
                />
                {agileError && <Typography.Text type="danger">{agileError}</Typography.Text>}
                <Button type="primary" ghost disabled={disabled} onClick={proposeFromAgile} style={{ alignSelf: 'start' }}>
                  {t('workMode.proposeFromAgile')}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
