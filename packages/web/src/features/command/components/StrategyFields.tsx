import {
  LIMITS,
  PERIOD_MODES,
  plantSettings,
  type SchedulePeriod,
  STRATEGY_WORK_MODES,
  type Strategy,
  schedulePeriod,
  strategy,
  type WorkMode,
} from '@sunstack/shared';
import { Button, Col, Flex, Form, type FormInstance, InputNumber, Row, Select, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { showSchemaIssues, zodRule } from '../../../lib/forms.ts';
import { ClockSpanFields } from './ClockSpanFields.tsx';

/** A new period: two hours from the end of the last one, force charge at 3 kW up to full, the SoC floors at the minimum. */
export function newPeriod(periods: SchedulePeriod[], minSoc: number): SchedulePeriod {
  const last = periods.at(-1)?.end ?? '00:00';
  const [hours] = last.split(':').map(Number);
  const end = `${String(((hours ?? 0) + 2) % 24).padStart(2, '0')}:${last.slice(3)}`;
  return { start: last, end, mode: 'ForceCharge', minSocOnGrid: minSoc, fdSoc: minSoc, fdPwr: 3000, maxSoc: 100 };
}

/** Checks a whole strategy with the shared schema (overlaps, FDSoC, at most 8) and shows each issue under its field; answers it when valid. */
export function checkStrategy(form: FormInstance, t: TFunction): Strategy | undefined {
  const values = form.getFieldsValue(true) as Strategy;
  // The strategy's own fields only: a form may hold more (a template's name).
  const checked = strategy.safeParse({
    WorkMode: values.WorkMode,
    MinSoc: values.MinSoc,
    SchedulePeriods: values.SchedulePeriods ?? [],
    PricePeriods: values.PricePeriods ?? [],
  });
  if (checked.success) return checked.data;
  showSchemaIssues(form, checked.error.issues, t);
  return undefined;
}

const PERIOD_FIELDS = [
  { key: 'minSocOnGrid', unit: '%', step: 1 },
  { key: 'fdSoc', unit: '%', step: 1 },
  { key: 'fdPwr', unit: 'W', step: 100 },
  { key: 'maxSoc', unit: '%', step: 1 },
] as const;

/**
 * A battery strategy's fields: the work mode, the minimum SoC and up to 8 time periods, each with its
 * mode, minimum SoC on grid, discharge depth (FDSoC), power (W) and maximum SoC. Each value is checked
 * with the shared schema's rule as it is typed; overlaps and FDSoC against the minimum by `checkStrategy`.
 */
export function StrategyFields({
  form,
  disabled,
  modes = STRATEGY_WORK_MODES,
}: {
  form: FormInstance;
  disabled?: boolean;
  /** The work modes to choose from: a strategy's, or a device's own (peak shaving where it offers it). */
  modes?: readonly WorkMode[];
}) {
  const { t } = useTranslation();
  const minSoc = (Form.useWatch('MinSoc', form) as number | undefined) ?? LIMITS.soc.min;
  const field = schedulePeriod.shape;
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="WorkMode" label={t('remoteSetting.settings.WorkMode')} rules={[zodRule(plantSettings.shape.WorkMode, t)]}>
            <Select options={modes.map((mode) => ({ value: mode, label: t(`remoteSetting.workModes.${mode}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="MinSoc" label={t('remoteSetting.settings.MinSoc')} rules={[zodRule(plantSettings.shape.MinSoc, t)]}>
            <InputNumber suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text strong>{t('remoteSetting.settings.SchedulePeriods')}</Typography.Text>
      <Form.List name="SchedulePeriods">
        {(rows, { add, remove }) => (
          <Flex vertical gap={8} style={{ marginTop: 8 }}>
            {rows.length === 0 && <Typography.Text type="secondary">{t('remoteSetting.noPeriods')}</Typography.Text>}
            {rows.map((row, index) => (
              <fieldset
                key={row.key}
                aria-label={t('workMode.periodLabel', { number: index + 1 })}
                style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: '4px 12px 0', margin: 0, minWidth: 0 }}
              >
                <Flex justify="space-between" align="center">
                  <Typography.Text type="secondary">{t('workMode.periodLabel', { number: index + 1 })}</Typography.Text>
                  <Button type="link" danger disabled={disabled} onClick={() => remove(row.name)} style={{ paddingInline: 0 }}>
                    {t('workMode.remove')}
                  </Button>
                </Flex>
                <Row gutter={8} align="bottom">
                  <ClockSpanFields name={row.name} start={field.start} end={field.end} />
                  <Col xs={24} sm={12}>
                    <Form.Item name={[row.name, 'mode']} label={t('workMode.mode')} rules={[zodRule(field.mode, t)]}>
                      <Select options={PERIOD_MODES.map((mode) => ({ value: mode, label: t(`remoteSetting.workModes.${mode}`) }))} />
                    </Form.Item>
                  </Col>
                  {PERIOD_FIELDS.map(({ key, unit, step }) => (
                    <Col key={key} xs={12} sm={6}>
                      <Form.Item name={[row.name, key]} label={t(`workMode.fields.${key}`)} rules={[zodRule(field[key], t)]}>
                        {/* No min and max: the input would clamp silently; the rule says why instead. */}
                        <InputNumber step={step} suffix={unit} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              </fieldset>
            ))}
            <Flex gap={8} align="center" wrap>
              <Button
                onClick={() => add(newPeriod(form.getFieldValue('SchedulePeriods') ?? [], minSoc))}
                disabled={disabled || rows.length >= LIMITS.strategyPeriods.max}
              >
                {t('workMode.addPeriod')}
              </Button>
              <Typography.Text type="secondary">{t('workMode.periodRules', { max: LIMITS.strategyPeriods.max })}</Typography.Text>
            </Flex>
          </Flex>
        )}
      </Form.List>
    </>
  );
}
