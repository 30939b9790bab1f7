import { DeviceStatus } from '@sunstack/shared';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../components/StatusTag.tsx';

/** A device's status as the client shows it (spec section 4): 1 normal, 2 abnormal, anything else offline. */
export function DeviceStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  if (status === DeviceStatus.normal) return <StatusTag tone="success">{t('device.status.normal')}</StatusTag>;
  if (status === DeviceStatus.abnormal) return <StatusTag tone="warning">{t('device.status.abnormal')}</StatusTag>;
  return <StatusTag tone="default">{t('device.status.offline')}</StatusTag>;
}
