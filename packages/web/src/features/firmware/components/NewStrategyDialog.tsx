import { STRATEGY_MODES, STRATEGY_TRIGGERS, type StrategyCreateBody, type StrategyMode, type UpgradeDeviceType } from '@sunstack/shared';
import { DatePicker, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useMinuteFormat } from '../../../lib/minuteFormat.ts';
import { useCreateStrategy } from '../api/createStrategy.ts';
import { snsOf } from './snsOf.ts';
import { UpgradeDialog } from './UpgradeDialog.tsx';

type Fields = Omit<StrategyCreateBody, 'sns' | 'waves' | 'validFrom' | 'validTo'> & {
  sns: string;
  waves: string;
  validity: [Dayjs, Dayjs];
};

/**
 * A new strategy upgrade: the firmware, the devices, the waves and thresholds, the rate, the UTC window, the trigger
 * condition, the strategy's own SN, software and area limits, the validity and the checker.
 */
export function NewStrategyDialog({ kind, open, onClose }: { kind: UpgradeDeviceType; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const minuteFormat = useMinuteFormat();
  const create = useCreateStrategy();
  const submit = async ({ sns, waves, validity, ...fields }: Fields) => {
    const { devices, skipped, refused } = await create.mutateAsync({
      ...fields,
      sns: snsOf(sns),
      waves: waves
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map(Number),
      validFrom: validity[0].valueOf(),
      validTo: validity[1].valueOf(),
    });
    const created = { implement: 'strategy.created', notice: 'strategy.createdNotice', preview: 'strategy.createdPreview' }[fields.mode];
    return { title: t(created, { devices, skipped }), refused };
  };
  const number = (name: keyof Fields, label: string, min: number, max: number) => (
    <Form.Item
      name={name}
      label={label}
      rules={[{ required: true, type: 'integer', min, max, message: t('strategy.range', { min, max }) }]}
      style={{ flex: '1 1 130px' }}
    >
      <InputNumber style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <UpgradeDialog<Fields>
      kind={kind}
      open={open}
      onClose={onClose}
      title={t('strategy.new')}
      okText={t('strategy.create')}
      width={720}
      pending={create.isPending}
      submit={submit}
      initialValues={{
        mode: 'implement',
        waves: '1, 10, 100',
        successThreshold: 95,
        failureThreshold: 5,
        retries: 2,
        retryMinutes: 5,
        ratePerMinute: 100,
        validity: [dayjs(), dayjs().add(7, 'day')],
        purpose: '',
        trigger: 'online',
        limits: { snPrefixes: [], fromVersions: [], countries: [] },
      }}
      head={
        <>
          <Flex gap={12} wrap>
            <Form.Item
              name="name"
              label={t('strategy.name')}
              rules={[{ required: true, whitespace: true, message: t('upgrade.nameLength') }]}
              style={{ flex: '1 1 220px' }}
            >
              <Input maxLength={64} />
            </Form.Item>
            <ModeField />
          </Flex>
          <Form.Item name="purpose" label={t('strategy.purpose')}>
            <Input maxLength={200} />
          </Form.Item>
        </>
      }
    >
      <Flex gap={12} wrap>
        <Form.Item
          name="waves"
          label={t('strategy.waves')}
          extra={t('strategy.wavesHint')}
          rules={[{ required: true, message: t('strategy.wavesInvalid') }]}
          style={{ flex: '1 1 200px' }}
        >
          <Input />
        </Form.Item>
        {number('successThreshold', t('strategy.successThreshold'), 1, 100)}
        {number('failureThreshold', t('strategy.failureThreshold'), 1, 100)}
      </Flex>
      <Flex gap={12} wrap>
        {number('retries', t('strategy.retries'), 1, 60)}
        {number('retryMinutes', t('strategy.retryMinutes'), 1, 60)}
        {number('ratePerMinute', t('strategy.ratePerMinute'), 1, 1000)}
      </Flex>
      {/* When it is sent: the daily UTC window and the trigger condition. */}
      <Flex gap={12} wrap>
        <Form.Item name="triggerStart" label={t('strategy.triggerStart')} style={{ flex: '1 1 110px' }}>
          <Input placeholder="22:00" />
        </Form.Item>
        <Form.Item name="triggerEnd" label={t('strategy.triggerEnd')} style={{ flex: '1 1 110px' }}>
          <Input placeholder="04:00" />
        </Form.Item>
        <Form.Item name="trigger" label={t('strategy.trigger')} style={{ flex: '2 1 240px' }}>
          <Select options={STRATEGY_TRIGGERS.map((value) => ({ value, label: t(`strategy.triggers.${value}`) }))} />
        </Form.Item>
        <Form.Item noStyle dependencies={['trigger']}>
          {({ getFieldValue }) =>
            getFieldValue('trigger') === 'version' && (
              <Form.Item
                name="triggerVersion"
                label={t('strategy.triggerVersion')}
                rules={[{ required: true, whitespace: true, message: t('strategy.triggerVersionRequired') }]}
                style={{ flex: '1 1 140px' }}
              >
                <Input maxLength={32} placeholder="1.42" />
              </Form.Item>
            )
          }
        </Form.Item>
      </Flex>
      <Typography.Text type="secondary">{t('strategy.limitsHint')}</Typography.Text>
      <Flex gap={12} wrap>
        {(['snPrefixes', 'fromVersions', 'countries'] as const).map((limit) => (
          <Form.Item key={limit} name={['limits', limit]} label={t(`strategy.limits.${limit}`)} style={{ flex: '1 1 190px' }}>
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} placeholder={t('strategy.limitsAny')} />
          </Form.Item>
        ))}
      </Flex>
      <Flex gap={12} wrap>
        <Form.Item name="validity" label={t('strategy.validity')} rules={[{ required: true }]} style={{ flex: '2 1 320px' }}>
          <DatePicker.RangePicker showTime={{ showSecond: false }} format={minuteFormat} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="checker"
          label={t('strategy.checker')}
          extra={t('strategy.checkerHint')}
          rules={[{ required: true, whitespace: true, message: t('strategy.checkerInvalid') }]}
          style={{ flex: '1 1 180px' }}
        >
          <Input maxLength={128} />
        </Form.Item>
      </Flex>
    </UpgradeDialog>
  );
}

/** The mode, with what the chosen one does: a plan only, the owners told by email, or sent once the checker approves. */
function ModeField() {
  const { t } = useTranslation();
  const mode = Form.useWatch<StrategyMode | undefined>('mode', Form.useFormInstance());
  return (
    <Form.Item
      name="mode"
      label={t('strategy.mode')}
      extra={mode ? t(`strategy.modeHints.${mode}`) : undefined}
      style={{ flex: '1 1 160px' }}
    >
      <Select options={STRATEGY_MODES.map((value) => ({ value, label: t(`strategy.modes.${value}`) }))} />
    </Form.Item>
  );
}
