import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS, type SchedulePeriod, SETTINGS_KINDS } from '@sunstack/shared';
import { Alert, Button, Card, Empty, Flex, Form, InputNumber, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendCommand } from '../../../api/sendCommand.ts';
import { ConfirmSend } from '../../../components/command/ConfirmSend.tsx';
import { type CommandCardProps, LatestCommand } from '../../../components/command/LatestCommand.tsx';

interface Window {
  span: [Dayjs, Dayjs] | null;
  powerKw?: number | null;
  targetSoc?: number | null;
}

const CLOCK = 'HH:mm';
const toWindow = (period: SchedulePeriod): Window => ({
  span: [dayjs(period.start, CLOCK), dayjs(period.end, CLOCK)],
  powerKw: period.powerKw,
  targetSoc: period.targetSoc,
});
const toPeriod = (window: Window): SchedulePeriod => ({
  start: window.span?.[0].format(CLOCK) ?? '',
  end: window.span?.[1].format(CLOCK) ?? '',
  mode: 'ForceCharge',
  ...(typeof window.powerKw === 'number' ? { powerKw: window.powerKw } : {}),
  ...(typeof window.targetSoc === 'number' ? { targetSoc: window.targetSoc } : {}),
});

/**
 * The force-charge windows of a battery's inverter: its schedule periods in the force charge mode (plant local
 * time, each with its power and the SoC it charges to), edited here; its other periods are kept as they are. The
 * whole schedule is checked by the shared schema (at most 8 periods, 30 minutes each at least, never overlapping)
 * before it is sent. Windows run while the work mode follows the time periods: sending them switches to it.
 */
export function ForceChargeWindows({ device, latest, onSent }: CommandCardProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ windows: Window[] }>();
  const [problem, setProblem] = useState<string>();
  const change = useSendCommand('settingSet');
  const reported = device.settings.SchedulePeriods?.value as SchedulePeriod[] | undefined;
  const workMode = device.settings.WorkMode?.value as string | undefined;
  const { others, windows } = useMemo(
    () => ({
      others: (reported ?? []).filter((period) => period.mode !== 'ForceCharge'),
      windows: (reported ?? []).filter((period) => period.mode === 'ForceCharge').map(toWindow),
    }),
    [reported],
  );
  useEffect(() => form.setFieldsValue({ windows }), [form, windows]);
  const title = t('deviceSettings.windowsTitle');
  if (!reported)
    return (
      <Card title={title} variant="borderless">
        <Empty description={t('remoteSetting.notReadYet')} />
      </Card>
    );

  async function send() {
    setProblem(undefined);
    const { windows: edited = [] } = await form.validateFields();
    const SchedulePeriods = [...others, ...edited.map(toPeriod)];
    const settings = { SchedulePeriods, ...(workMode !== 'TimePeriods' && edited.length > 0 ? { WorkMode: 'TimePeriods' } : {}) };
    const checked = SETTINGS_KINDS.inverter.change.safeParse(settings);
    if (!checked.success) {
      setProblem(t(checked.error.issues[0]?.message ?? 'validation.invalid'));
      return;
    }
    const { commandId } = await change.mutateAsync({ sn: device.sn, settings: checked.data });
    onSent(commandId);
  }

  const full = (count: number) => others.length + count >= LIMITS.strategyPeriods.max;
  return (
    <Card title={title} variant="borderless">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('deviceSettings.windowsHint', { zone: device.timeZone })}</Typography.Text>
        {workMode !== undefined && workMode !== 'TimePeriods' && (
          <Alert
            type="info"
            showIcon
            title={t('deviceSettings.windowsMode', { mode: t(`remoteSetting.workModes.${workMode}`, { defaultValue: workMode }) })}
          />
        )}
        {others.length > 0 && <Typography.Text>{t('deviceSettings.otherPeriods', { count: others.length })}</Typography.Text>}
        <Form form={form} disabled={!device.controllable} requiredMark={false}>
          <Form.List name="windows">
            {(rows, { add, remove }) => (
              <Flex vertical gap={8}>
                {rows.length === 0 && <Typography.Text type="secondary">{t('deviceSettings.noWindows')}</Typography.Text>}
                {rows.map((row, index) => (
                  <Flex key={row.key} gap={8} wrap align="start" role="group" aria-label={t('deviceSettings.window', { n: index + 1 })}>
                    <Form.Item
                      name={[row.name, 'span']}
                      rules={[{ required: true, message: t('validation.clockTime') }]}
                      style={{ margin: 0 }}
                    >
                      <TimePicker.RangePicker
                        format={CLOCK}
                        minuteStep={15}
                        order={false}
                        needConfirm={false}
                        aria-label={t('deviceSettings.windowTime')}
                        style={{ width: 170 }}
                      />
                    </Form.Item>
                    <Form.Item name={[row.name, 'powerKw']} style={{ margin: 0 }}>
                      <InputNumber step={0.1} suffix="kW" placeholder={t('deviceSettings.windowPower')} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'targetSoc']} style={{ margin: 0 }}>
                      <InputNumber step={1} suffix="%" placeholder={t('deviceSettings.windowSoc')} style={{ width: 120 }} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('deviceSettings.removeWindow', { n: index + 1 })}
                      onClick={() => remove(row.name)}
                    />
                  </Flex>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  disabled={!device.controllable || full(rows.length)}
                  onClick={() => add({ span: null })}
                  style={{ alignSelf: 'start' }}
                >
                  {t('deviceSettings.addWindow')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form>
        {problem && <Alert type="error" showIcon title={problem} />}
        <Flex gap={8} justify="end" wrap>
          <Button onClick={() => form.setFieldsValue({ windows })}>{t('remoteSetting.reset')}</Button>
          <ConfirmSend
            connected={device.connected}
            onConfirm={send}
            type="primary"
            disabled={!device.controllable}
            loading={change.isPending}
          >
            {t('deviceSettings.sendWindows')}
          </ConfirmSend>
        </Flex>
      </Flex>
      <LatestCommand command={latest} />
    </Card>
  );
}
