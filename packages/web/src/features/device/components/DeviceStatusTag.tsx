import { DeviceStatus } from '@sunstack/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A device's status as the client shows it (spec section 4): 1 normal, 2 abnormal, anything else offline. */
export function DeviceStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  if (status === DeviceStatus.normal) return <Tag color="success">{t('device.status.normal')}</Tag>;
  if (status === DeviceStatus.abnormal) return <Tag color="warning">{t('device.status.abnormal')}</Tag>;
  return <Tag>{t('device.status.offline')}</Tag>;
}
