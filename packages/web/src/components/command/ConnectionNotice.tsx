import type { DeviceSettingsReported } from '@sunstack/shared';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/** Says before anything is sent that the device's datalogger is offline (commands wait), or that the caller may only look. */
export function ConnectionNotice({ device }: { device: DeviceSettingsReported }) {
  const { t } = useTranslation();
  if (device.connected && device.controllable) return null;
  return (
    <Flex vertical gap={12} style={{ marginTop: 12 }}>
      {!device.connected && (
        <Alert type="warning" showIcon title={t('remoteSetting.offlineTitle')} description={t('remoteSetting.offlineWait')} />
      )}
      {!device.controllable && <Alert type="info" showIcon title={t('remoteSetting.readOnly')} />}
    </Flex>
  );
}
