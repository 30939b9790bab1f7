import {
  type DeviceDetail,
  type DeviceSettingsReported,
  languageTag,
  plantSettings,
  type SchedulePeriod,
  STRATEGY_WORK_MODES,
  type Strategy,
  settingsChange,
  settingsOfStrategy,
  WORK_MODES,
  type WorkMode,
} from '@sunstack/shared';
import { Button, Card, Col, Empty, Flex, Form, InputNumber, Row, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendCommand } from '../../../api/sendCommand.ts';
import { CommandHistory } from '../../../components/command/CommandHistory.tsx';
import { ConfirmSend } from '../../../components/command/ConfirmSend.tsx';
import { settingsText } from '../../../components/command/commandText.ts';
import { LatestCommand } from '../../../components/command/LatestCommand.tsx';
import { offersPeakShaving } from '../../../components/command/settingFields.ts';
import { useDeviceCommands } from '../../../components/command/useDeviceCommands.ts';
import { useClientStore } from '../../../lib/clientStore.ts';
import { showSchemaIssues, zodRule } from '../../../lib/forms.ts';
import { relativeTime, useNow } from '../../../lib/relativeTime.ts';
import { DayTimeline } from '../components/DayTimeline.tsx';
import { DeviceHeader } from '../components/DeviceHeader.tsx';
import { DeviceScreen } from '../components/DeviceScreen.tsx';
import { PriceFields } from '../components/PriceFields.tsx';
import { checkStrategy, StrategyFields } from '../components/StrategyFields.tsx';
import { TemplatePicker, useMayUseTemplates } from '../components/TemplatePicker.tsx';

/**
 * Work mode (spec /bus/work/model, hidden; reached from an inverter's detail and its remote setting):
 * the battery's work mode and up to 8 time periods as the device last reported them (read on
 * opening), edited with the shared schema's rules, shown on a 24-hour timeline of the plant's day,
 * proposed from electricity prices or an agile tariff, loaded from or saved as a template, and sent
 * as one setting.set that is followed live to the device's answer.
 */
export default function WorkModePage() {
  const { t } = useTranslation();
  return (
    <DeviceScreen route="work-model" choose={t('workMode.chooseDevice')}>
      {({ facts, reported }) => <WorkModeOf facts={facts} device={reported} />}
    </DeviceScreen>
  );
}

/** A strategy, or peak shaving with its limit and reserve where the device offers it. */
type Values = Omit<Strategy, 'WorkMode'> & { WorkMode: WorkMode; PeakShavingImportLimit?: number; PeakShavingSoc?: number };

function WorkModeOf({ facts, device }: { facts: DeviceDetail; device: DeviceSettingsReported }) {
  const { t } = useTranslation();
  const { sn, settings, timeZone, controllable } = device;
  const tag = languageTag(useClientStore((state) => state.language));
  const now = useNow();
  const [form] = Form.useForm<Values>();
  // The read on opening and the changes sent here are followed in the strategy card.
  const { paging, history, commandOf, onSent } = useDeviceCommands(sn);
  const read = useSendCommand('settingGet');
  const change = useSendCommand('settingSet');
  const mayUseTemplates = useMayUseTemplates();
  const [cheapSlots, setCheapSlots] = useState<number[]>([]);

  const onDevice = useMemo(
    () => ({
      WorkMode: settings.WorkMode?.value as WorkMode | undefined,
      MinSoc: settings.MinSoc?.value as number | undefined,
      SchedulePeriods: (settings.SchedulePeriods?.value as SchedulePeriod[] | undefined) ?? [],
      PeakShavingImportLimit: settings.PeakShavingImportLimit?.value as number | undefined,
      PeakShavingSoc: settings.PeakShavingSoc?.value as number | undefined,
    }),
    [settings],
  );
  const peakShaving = offersPeakShaving(settings);
  const readAt = Math.max(0, ...[settings.WorkMode, settings.MinSoc, settings.SchedulePeriods].map((value) => value?.at ?? 0));
  // New reports (a read, an applied change) become the form's starting point; what was typed and not sent yet stays.
  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue(onDevice);
  }, [onDevice, form]);
  const workMode = Form.useWatch('WorkMode', form);
  const periods = (Form.useWatch('SchedulePeriods', form) ?? []) as SchedulePeriod[];
  const prices = Form.useWatch('PricePeriods', form) ?? [];

  async function send() {
    const values = form.getFieldsValue(true) as Values;
    if (values.WorkMode === 'PeakShaving') {
      // Peak shaving is the device's own (no template holds it): its two values go with the mode and the periods kept.
      const { WorkMode, MinSoc, SchedulePeriods, PeakShavingImportLimit, PeakShavingSoc } = values;
      const checked = settingsChange.safeParse({ WorkMode, MinSoc, SchedulePeriods, PeakShavingImportLimit, PeakShavingSoc });
      if (!checked.success) return showSchemaIssues(form, checked.error.issues, t);
      onSent('settings')((await change.mutateAsync({ sn, settings: checked.data })).commandId);
      return;
    }
    const strategy = checkStrategy(form, t);
    if (!strategy) return;
    onSent('settings')((await change.mutateAsync({ sn, settings: settingsOfStrategy(strategy) })).commandId);
  }
  function undo() {
    form.resetFields();
    form.setFieldsValue({ ...onDevice, PricePeriods: [] });
    setCheapSlots([]);
  }
  const latest = commandOf('settings');
  const readButton = (
    <ConfirmSend
      connected={device.connected}
      onConfirm={async () => onSent('settings')((await read.mutateAsync({ sn })).commandId)}
      disabled={!controllable}
      loading={read.isPending}
    >
      {t('remoteSetting.read')}
    </ConfirmSend>
  );
  const hasBattery = onDevice.WorkMode !== undefined;

  return (
    <Flex vertical gap={16}>
      <DeviceHeader facts={facts} device={device} />
      {!hasBattery ? (
        <Card variant="borderless">
          <Empty description={readAt > 0 ? t('workMode.noBattery') : t('remoteSetting.notReadYet')}>{readButton}</Empty>
          <LatestCommand command={latest} />
        </Card>
      ) : (
        <Form form={form} layout="vertical" disabled={!controllable} requiredMark={false} initialValues={{ PricePeriods: [] }}>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              <Card title={t('workMode.title')} variant="borderless">
                <Typography.Paragraph type="secondary">
                  {t('workMode.onDevice', {
                    value: settingsText(t, {
                      WorkMode: onDevice.WorkMode,
                      MinSoc: onDevice.MinSoc,
                      SchedulePeriods: onDevice.SchedulePeriods,
                    }),
                  })}
                  {` · ${t('remoteSetting.readAt', { when: relativeTime(readAt, now, tag) })}`}
                </Typography.Paragraph>
                <StrategyFields form={form} disabled={!controllable} modes={peakShaving ? WORK_MODES : STRATEGY_WORK_MODES} />
                {workMode === 'PeakShaving' && (
                  <Row gutter={16}>
                    {(['PeakShavingImportLimit', 'PeakShavingSoc'] as const).map((key) => (
                      <Col key={key} xs={24} md={12}>
                        <Form.Item name={key} label={t(`remoteSetting.settings.${key}`)} rules={[zodRule(plantSettings.shape[key], t)]}>
                          <InputNumber
                            step={key === 'PeakShavingSoc' ? 1 : 0.1}
                            suffix={key === 'PeakShavingSoc' ? '%' : 'kW'}
                            style={{ width: '100%' }}
                          />
                        </Form.Item>
                      </Col>
                    ))}
                  </Row>
                )}
                <div style={{ marginTop: 16 }}>
                  <DayTimeline
                    workMode={workMode}
                    periods={periods}
                    prices={prices}
                    cheapSlots={cheapSlots}
                    timeZone={timeZone}
                    now={now}
                  />
                </div>
                <Flex gap={8} wrap justify="end" style={{ marginTop: 16 }}>
                  {readButton}
                  <Button onClick={undo}>{t('remoteSetting.reset')}</Button>
                  <ConfirmSend connected={device.connected} onConfirm={send} type="primary" loading={change.isPending}>
                    {t('workMode.send')}
                  </ConfirmSend>
                </Flex>
                <LatestCommand command={latest} />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Flex vertical gap={16}>
                <Card title={t('workMode.pricesTitle')} variant="borderless">
                  <PriceFields form={form} disabled={!controllable} onCheapSlots={setCheapSlots} />
                </Card>
                {mayUseTemplates && (
                  <Card title={t('navBar.template')} variant="borderless">
                    <TemplatePicker
                      current={() => checkStrategy(form, t)}
                      onLoad={(strategy) => {
                        form.setFieldsValue(strategy);
                        setCheapSlots([]);
                      }}
                    />
                  </Card>
                )}
              </Flex>
            </Col>
          </Row>
        </Form>
      )}
      <CommandHistory device={device} paging={paging} history={history} />
    </Flex>
  );
}
