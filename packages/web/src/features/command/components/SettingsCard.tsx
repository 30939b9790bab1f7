import { languageTag, plantSettings, type SchedulePeriod, settingsChange, WORK_MODES, type WorkMode } from '@sunstack/shared';
import { Button, Card, Col, Empty, Flex, Form, InputNumber, message, Row, Select, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientStore } from '../../../lib/clientStore.ts';
import { zodRule } from '../../../lib/forms.ts';
import { relativeTime, useNow } from '../../../lib/relativeTime.ts';
import { useSendCommand } from '../api/sendCommand.ts';
import { ConfirmSend } from './ConfirmSend.tsx';
import { periodText } from './commandText.ts';
import { type CommandCardProps, LatestCommand } from './LatestCommand.tsx';
import { plantTime } from './plantTime.ts';
import { EDITABLE_SETTINGS, settingText, UNIT } from './settingFields.ts';

type Values = Partial<Record<(typeof EDITABLE_SETTINGS)[number]['key'], unknown>>;

/**
 * The device's settings as it last reported them, each with when, and a form to change them: the
 * shared schema's limits and messages check every value before anything is sent, and only the
 * values that differ from the reported ones are sent (setting.set). "Read from device" asks it again
 * (setting.get). The last command sent from here shows under the form as it goes.
 */
export function SettingsCard({ device, latest, onSent }: CommandCardProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const language = useClientStore((state) => state.language);
  const tag = languageTag(language);
  const now = useNow();
  const read = useSendCommand('settingGet');
  const change = useSendCommand('settingSet');
  const { settings, controllable, timeZone } = device;
  const fields = EDITABLE_SETTINGS.filter(({ key }) => settings[key] !== undefined);
  const reported = useMemo(() => Object.fromEntries(EDITABLE_SETTINGS.map(({ key }) => [key, settings[key]?.value])) as Values, [settings]);
  const workModeName = (mode: WorkMode) => t(`remoteSetting.workModes.${mode}`, { defaultValue: mode });
  const readAt = Math.max(0, ...Object.values(settings).map((value) => value?.at ?? 0));

  // New reports (a read, an applied change) become the form's starting point; what was typed and not sent yet stays.
  useEffect(() => {
    for (const [key, value] of Object.entries(reported)) {
      if (!form.isFieldTouched(key)) form.setFieldValue(key, value);
    }
  }, [reported, form]);

  async function sendRead() {
    const { commandId } = await read.mutateAsync({ sn: device.sn });
    onSent(commandId);
  }

  async function sendChange() {
    const values = await form.validateFields();
    const changed = Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== reported[key as keyof Values]));
    if (Object.keys(changed).length === 0) {
      void message.info(t('validation.settingsEmpty'));
      return;
    }
    const checked = settingsChange.safeParse(changed);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      form.setFields([{ name: String(issue?.path[0] ?? fields[0]?.key), errors: [t(issue?.message ?? 'validation.invalid')] }]);
      return;
    }
    // MinSoc and MaxSoc are checked together with what the device holds for the one not changed.
    const minSoc = (changed.MinSoc ?? reported.MinSoc) as number | undefined;
    const maxSoc = (changed.MaxSoc ?? reported.MaxSoc) as number | undefined;
    if (minSoc !== undefined && maxSoc !== undefined && minSoc > maxSoc) {
      form.setFields([{ name: changed.MinSoc === undefined ? 'MaxSoc' : 'MinSoc', errors: [t('validation.minSocAboveMax')] }]);
      return;
    }
    const { commandId } = await change.mutateAsync({ sn: device.sn, settings: checked.data });
    // What was sent stays in the fields; as the device confirms it, its report takes their place.
    form.resetFields();
    form.setFieldsValue({ ...reported, ...changed });
    onSent(commandId);
  }

  /** Back to what the device reported. */
  function undo() {
    form.resetFields();
    form.setFieldsValue(reported);
  }

  const readButton = (
    <ConfirmSend connected={device.connected} onConfirm={sendRead} disabled={!controllable} loading={read.isPending}>
      {t('remoteSetting.read')}
    </ConfirmSend>
  );

  return (
    <Card
      title={t('remoteSetting.settingsTitle')}
      variant="borderless"
      extra={
        readAt > 0 && (
          <Typography.Text type="secondary">{t('remoteSetting.readAt', { when: relativeTime(readAt, now, tag) })}</Typography.Text>
        )
      }
    >
      {fields.length === 0 ? (
        <Empty description={t('remoteSetting.notReadYet')}>{readButton}</Empty>
      ) : (
        <Form form={form} layout="vertical" disabled={!controllable} requiredMark={false}>
          <Row gutter={16}>
            {fields.map(({ key, kind }) => {
              const value = settings[key];
              const label = t(`remoteSetting.settings.${key}`);
              return (
                <Col key={key} xs={24} md={12}>
                  <Form.Item
                    name={key}
                    label={label}
                    rules={[zodRule(plantSettings.shape[key], t)]}
                    extra={t('remoteSetting.onDevice', {
                      value: settingText(kind, value?.value, workModeName),
                      when: value ? plantTime(value.at, timeZone, tag) : '—',
                    })}
                  >
                    {kind === 'workMode' ? (
                      <Select options={WORK_MODES.map((mode) => ({ value: mode, label: workModeName(mode) }))} />
                    ) : (
                      // No min and max: the input would clamp a value out of range silently; the rule says why instead.
                      <InputNumber step={kind === 'soc' ? 1 : 0.1} suffix={UNIT[kind]} style={{ width: '100%' }} />
                    )}
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
          {settings.SchedulePeriods && <Periods periods={settings.SchedulePeriods.value as SchedulePeriod[]} />}
          <Flex gap={8} wrap justify="end" style={{ marginTop: 16 }}>
            {readButton}
            <Button onClick={undo}>{t('remoteSetting.reset')}</Button>
            <ConfirmSend connected={device.connected} onConfirm={sendChange} type="primary" loading={change.isPending}>
              {t('remoteSetting.send')}
            </ConfirmSend>
          </Flex>
        </Form>
      )}
      <LatestCommand command={latest} />
    </Card>
  );
}

/** The schedule periods the device runs (local time of its plant), read-only here: the work mode screen edits them. */
function Periods({ periods }: { periods: SchedulePeriod[] }) {
  const { t } = useTranslation();
  return (
    <div style={{ marginTop: 8 }}>
      <Typography.Text strong>{t('remoteSetting.settings.SchedulePeriods')}</Typography.Text>
      {periods.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('remoteSetting.noPeriods')}</Typography.Paragraph>
      ) : (
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {periods.map((period) => (
            <li key={`${period.start}-${period.end}`}>{periodText(t, period)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
