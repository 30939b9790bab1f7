import { languageTag, SETTINGS_KINDS, type SettingsKind } from '@sunstack/shared';
import { Button, Card, Col, Empty, Flex, Form, InputNumber, message, Row, Select, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendCommand } from '../../api/sendCommand.ts';
import { useClientStore } from '../../lib/clientStore.ts';
import { zodRule } from '../../lib/forms.ts';
import { relativeTime, useNow } from '../../lib/relativeTime.ts';
import { ConfirmSend } from './ConfirmSend.tsx';
import { type CommandCardProps, LatestCommand } from './LatestCommand.tsx';
import { plantTime } from './plantTime.ts';
import { choicesOf, offersPeakShaving, SETTING_FIELDS, settingText, stepOf, unitOf } from './settingFields.ts';

type Values = Record<string, unknown>;

export interface SettingsCardProps extends CommandCardProps {
  /** Whose schema checks the fields: the device's kind (a battery's settings are its inverter's). */
  kind: SettingsKind;
  /** The settings this card edits, of those the device reports; all of its kind when absent. */
  keys?: readonly string[];
  title: string;
  /** Shown under the fields (an inverter's time periods). */
  children?: ReactNode;
}

/**
 * A device's settings as it last reported them, each with when, and a form to change them: the
 * shared schema of its kind checks every value and the change as a whole (with what the device holds
 * for the fields not changed) before anything is sent, and only the values that differ from the
 * reported ones are sent (setting.set). "Read from device" asks it again (setting.get). The last
 * command sent from here shows under the form as it goes.
 */
export function SettingsCard({ device, latest, onSent, kind, keys, title, children }: SettingsCardProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const tag = languageTag(useClientStore((state) => state.language));
  const now = useNow();
  const read = useSendCommand('settingGet');
  const change = useSendCommand('settingSet');
  const { settings, controllable, timeZone } = device;
  const { schema, change: changeSchema } = SETTINGS_KINDS[kind];
  const edited = keys ?? SETTINGS_KINDS[kind].keys;
  const fields = SETTING_FIELDS.filter(({ key }) => edited.includes(key) && settings[key] !== undefined);
  const fieldKeys = fields.map(({ key }) => key).join(' ');
  const reported = useMemo(
    () => Object.fromEntries(fieldKeys.split(' ').flatMap((key) => (key ? [[key, settings[key]?.value]] : []))) as Values,
    [settings, fieldKeys],
  );
  const readAt = Math.max(0, ...fields.map(({ key }) => settings[key]?.at ?? 0));

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
    const changedKeys = Object.keys(values).filter((key) => values[key] !== reported[key]);
    if (changedKeys.length === 0) {
      void message.info(t('validation.settingsEmpty'));
      return;
    }
    // Checked together with what the device holds for the fields not changed (minimum SoC against maximum).
    const checked = changeSchema.safeParse({ ...reported, ...values });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const named = String(issue?.path[0] ?? '');
      const name = changedKeys.includes(named) ? named : (changedKeys[0] as string);
      form.setFields([{ name, errors: [t(issue?.message ?? 'validation.invalid')] }]);
      return;
    }
    const changed = Object.fromEntries(changedKeys.map((key) => [key, checked.data[key]]));
    const { commandId } = await change.mutateAsync({ sn: device.sn, settings: changed });
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
      title={title}
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
            {fields.map(({ key, kind: fieldKind }) => {
              const value = settings[key];
              const choices = choicesOf(t, fieldKind, offersPeakShaving(settings));
              return (
                <Col key={key} xs={24} md={12}>
                  <Form.Item
                    name={key}
                    label={t(`remoteSetting.settings.${key}`)}
                    rules={[zodRule(schema.shape[key] as Parameters<typeof zodRule>[0], t)]}
                    extra={t('remoteSetting.onDevice', {
                      value: settingText(t, fieldKind, value?.value),
                      when: value ? plantTime(value.at, timeZone, tag) : '—',
                    })}
                  >
                    {choices ? (
                      <Select options={choices} />
                    ) : (
                      // No min and max: the input would clamp a value out of range silently; the rule says why instead.
                      <InputNumber step={stepOf(fieldKind)} suffix={unitOf(fieldKind)} style={{ width: '100%' }} />
                    )}
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
          {children}
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
