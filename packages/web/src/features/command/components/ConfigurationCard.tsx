import { languageTag, samplingIntervalSchema } from '@sunstack/shared';
import { Card, Divider, Flex, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSendCommand } from '../../../api/sendCommand.ts';
import { ConfirmSend } from '../../../components/command/ConfirmSend.tsx';
import { type CommandCardProps, LatestCommand } from '../../../components/command/LatestCommand.tsx';
import { plantTime } from '../../../components/command/plantTime.ts';
import { useClientStore } from '../../../lib/clientStore.ts';
import { zodRule } from '../../../lib/forms.ts';

/** The protocol's sampling interval before anyone changes it (protocol.md: every 5 minutes). */
const DEFAULT_INTERVAL_SEC = 300;

/**
 * The device's datalogger: its sampling interval (config.set) and a restart (reboot), each confirmed before it is sent.
 * Both configure the communication module (spec section 6, modules configuration): without the switch the interval is
 * shown, not changed, and neither is offered.
 */
export function ConfigurationCard({ device, latest, onSent }: CommandCardProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ intervalSec: number }>();
  const tag = languageTag(useClientStore((state) => state.language));
  const configure = useSendCommand('configSet');
  const reboot = useSendCommand('reboot');
  const { connected, controllable, intervalSec } = device;
  const configures = useClientStore((state) => state.buttons.includes('modules.configure'));
  const intervalValue = Form.useWatch('intervalSec', form);

  async function sendInterval() {
    const { intervalSec: value } = await form.validateFields();
    onSent((await configure.mutateAsync({ sn: device.sn, intervalSec: value })).commandId);
  }
  async function sendReboot() {
    onSent((await reboot.mutateAsync({ sn: device.sn })).commandId);
  }

  return (
    <Card title={t('remoteSetting.configurationTitle')} variant="borderless">
      <Form
        form={form}
        layout="vertical"
        disabled={!controllable || !configures}
        requiredMark={false}
        initialValues={{ intervalSec: (intervalSec?.value as number | undefined) ?? DEFAULT_INTERVAL_SEC }}
      >
        <Form.Item
          name="intervalSec"
          label={t('remoteSetting.interval')}
          rules={[zodRule(samplingIntervalSchema, t)]}
          extra={
            intervalSec
              ? t('remoteSetting.intervalConfirmed', { value: intervalSec.value, when: plantTime(intervalSec.at, device.timeZone, tag) })
              : t('remoteSetting.intervalUnknown', { value: DEFAULT_INTERVAL_SEC })
          }
        >
          <InputNumber step={60} suffix="s" style={{ width: '100%', maxWidth: 240 }} />
        </Form.Item>
        {configures && (
          <ConfirmSend
            connected={connected}
            question={t('remoteSetting.intervalQuestion', { value: intervalValue ?? '' })}
            onConfirm={sendInterval}
            loading={configure.isPending}
          >
            {t('remoteSetting.intervalApply')}
          </ConfirmSend>
        )}
      </Form>
      {configures && (
        <>
          <Divider />
          <Flex vertical gap={8} align="start">
            <Typography.Text strong>{t('remoteSetting.reboot')}</Typography.Text>
            <Typography.Text type="secondary">{t('remoteSetting.rebootHint')}</Typography.Text>
            <ConfirmSend
              connected={connected}
              question={t('remoteSetting.rebootQuestion', { sn: device.sn })}
              onConfirm={sendReboot}
              danger
              disabled={!controllable}
              loading={reboot.isPending}
            >
              {t('remoteSetting.rebootButton')}
            </ConfirmSend>
          </Flex>
        </>
      )}
      <LatestCommand command={latest} />
    </Card>
  );
}
