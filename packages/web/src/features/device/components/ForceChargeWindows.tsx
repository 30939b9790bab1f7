import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS, type SchedulePeriod, SETTINGS_KINDS } from '@sunstack/shared';
import { Alert, Button, Card, Empty, Flex, Form, InputNumber, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendCommand } from '../../../api/sendCommand.ts';
import { ConfirmSend } from '../../../components/command/ConfirmSend.tsx';
import { type CommandCardProps, LatestCommand } from '../../../components/command/LatestCommand.tsx';

/** A window as edited: its span, power (W) and the SoC it charges to; the SoC floors of its period are kept. */
interface Window {
  span: [Dayjs, Dayjs] | null;
  fdPwr?: number | null;
  maxSoc?: number | null;
  minSocOnGrid?: number;
  fdSoc?: number;
}

const CLOCK = 'HH:mm';
/** A new window's power (W) when none is given: the work mode screen's default for a force-charge period. */
const DEFAULT_POWER_W = 3000;
const toWindow = (period: SchedulePeriod): Window => ({
  span: [dayjs(period.start, CLOCK), dayjs(period.end, CLOCK)],
  fdPwr: period.fdPwr,
  maxSoc: period.maxSoc,
  minSocOnGrid: period.minSocOnGrid,
  fdSoc: period.fdSoc,
});
/** A window as a schedule period; a new one's SoC floors are the inverter's minimum SoC. */
const toPeriod = (window: Window, minSoc: number): SchedulePeriod => ({
  start: window.span?.[0].format(CLOCK) ?? '',
  end: window.span?.[1].format(CLOCK) ?? '',
  mode: 'ForceCharge',
  minSocOnGrid: window.minSocOnGrid ?? minSoc,
  fdSoc: window.fdSoc ?? minSoc,
  fdPwr: typeof window.fdPwr === 'number' ? window.fdPwr : DEFAULT_POWER_W,
  maxSoc: typeof window.maxSoc === 'number' ? window.maxSoc : LIMITS.soc.max,
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
    const minSoc = (device.settings.MinSoc?.value as number | undefined) ?? LIMITS.soc.min;
    const SchedulePeriods = [...others, ...edited.map((window) => toPeriod(window, minSoc))];
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
                    <Form.Item name={[row.name, 'fdPwr']} style={{ margin: 0 }}>
                      <InputNumber step={100} suffix="W" placeholder={t('deviceSettings.windowPower')} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'maxSoc']} style={{ margin: 0 }}>
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
