import { ALARM_THRESHOLD_DEFAULTS, alarmThresholdsSchema, type AlarmThresholds as Thresholds } from '@sunstack/shared';
import { Alert, Button, Card, Col, Flex, Form, InputNumber, message, Popconfirm, Row, Skeleton, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerIssues } from '../../../lib/forms.ts';
import { useAlarmThresholds, useSaveAlarmThresholds } from '../api/alarmThresholds.ts';

type Key = keyof Thresholds;

/** The thresholds in the order a person reads them, with their units ('minutes' is translated) and input steps. */
const FIELDS: { key: Key; unit: string; step: number }[] = [
  { key: 'offlineMinutes', unit: 'minutes', step: 5 },
  { key: 'batteryTemperatureMinC', unit: '°C', step: 1 },
  { key: 'socMinPercent', unit: '%', step: 1 },
  { key: 'socLowMinutes', unit: 'minutes', step: 5 },
  { key: 'gridVoltageMinV', unit: 'V', step: 1 },
  { key: 'gridVoltageMaxV', unit: 'V', step: 1 },
  { key: 'gridFrequencyToleranceHz', unit: 'Hz', step: 0.1 },
  { key: 'performanceMinPercent', unit: '%', step: 5 },
];

/** The limits come from the shared schema the server checks; the words say which limit was missed. */
function limitRule(key: Key, unit: string, t: TFunction): Rule {
  const schema = alarmThresholdsSchema.shape[key].unwrap();
  return {
    validator: async (_, value: number | null | undefined) => {
      if (value === null || value === undefined) throw new Error(t('validation.required'));
      if (schema.safeParse(value).success) return;
      if (schema.isInt && !Number.isInteger(value)) throw new Error(t('alarmThreshold.wholeNumber'));
      throw new Error(t('alarmThreshold.range', { min: schema.minValue, max: schema.maxValue, unit }));
    },
  };
}

/**
 * A plant's thresholds for the platform's alarm rules, each with its unit and default; changed only
 * by whoever may change the plant. Values equal to the defaults are not stored, so the plant follows
 * the defaults there; "reset" stores none.
 */
export function AlarmThresholds({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  // Fields are named `thresholds.<key>` like the save body, so the server's issues land on them.
  const [form] = Form.useForm<{ thresholds: Thresholds }>();
  const thresholds = useAlarmThresholds(plantId);
  const save = useSaveAlarmThresholds(plantId);
  const data = thresholds.data;

  useEffect(() => {
    if (data) form.setFieldsValue({ thresholds: data.thresholds });
  }, [data, form]);

  const unitText = (unit: string) => (unit === 'minutes' ? t('alarmThreshold.minutes') : unit);

  const onSave = async ({ thresholds: values }: { thresholds: Thresholds }) => {
    const own = Object.fromEntries(
      FIELDS.filter(({ key }) => values[key] !== ALARM_THRESHOLD_DEFAULTS[key]).map(({ key }) => [key, values[key]]),
    );
    try {
      await save.mutateAsync(own);
      void message.success(t('alarmThreshold.saved'));
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  // Like saving: a refusal is shown (the HTTP client's toast, fields for field issues) instead of
  // escaping from the confirm as an unhandled rejection.
  const onReset = async () => {
    try {
      await save.mutateAsync({});
      void message.success(t('alarmThreshold.resetDone'));
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  const custom = data?.custom ?? {};
  return (
    <Card
      title={t('alarmThreshold.title')}
      variant="borderless"
      extra={
        data?.writable && (
          <Popconfirm title={t('alarmThreshold.resetConfirm')} onConfirm={onReset}>
            <Button disabled={Object.keys(custom).length === 0}>{t('alarmThreshold.reset')}</Button>
          </Popconfirm>
        )
      }
    >
      {data ? (
        <>
          <Typography.Paragraph type="secondary">{t('alarmThreshold.intro')}</Typography.Paragraph>
          {!data.writable && <Alert type="info" showIcon title={t('alarmThreshold.readOnly')} style={{ marginBottom: 16 }} />}
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            disabled={!data.writable}
            onFinish={onSave}
            initialValues={{ thresholds: data.thresholds }}
          >
            <Row gutter={16}>
              {FIELDS.map(({ key, unit, step }) => (
                <Col key={key} xs={24} md={12} xl={8}>
                  <Form.Item
                    label={
                      <Flex gap={8} align="center">
                        {t(`alarmThreshold.fields.${key}`)}
                        {key in custom && <Tag color="blue">{t('alarmThreshold.custom')}</Tag>}
                      </Flex>
                    }
                    tooltip={t(`alarmThreshold.hints.${key}`)}
                    name={['thresholds', key]}
                    extra={t('alarmThreshold.default', { value: `${ALARM_THRESHOLD_DEFAULTS[key]} ${unitText(unit)}` })}
                    dependencies={key === 'gridVoltageMaxV' ? [['thresholds', 'gridVoltageMinV']] : undefined}
                    rules={[
                      limitRule(key, unitText(unit), t),
                      ...(key === 'gridVoltageMaxV'
                        ? [
                            ({ getFieldValue }: { getFieldValue: (name: string[]) => unknown }) => ({
                              validator: async (_: unknown, max: number | null) => {
                                const min = getFieldValue(['thresholds', 'gridVoltageMinV']);
                                if (typeof min === 'number' && typeof max === 'number' && max <= min) {
                                  throw new Error(t('alarmThreshold.voltageOrder'));
                                }
                              },
                            }),
                          ]
                        : []),
                    ]}
                  >
                    <InputNumber
                      step={step}
                      suffix={unitText(unit)}
                      style={{ width: '100%' }}
                      aria-label={t(`alarmThreshold.fields.${key}`)}
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            {data.writable && (
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            )}
          </Form>
        </>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
