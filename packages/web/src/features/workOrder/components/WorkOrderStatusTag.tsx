import type { WorkOrderStatus } from '@sunstack/shared';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../../../components/StatusTag.tsx';

const TONES: Record<WorkOrderStatus, StatusTone> = {
  turnedOn: 'warning',
  processing: 'warning',
  upgraded: 'error',
  solved: 'success',
  closed: 'default',
};

export function WorkOrderStatusTag({ status }: { status: WorkOrderStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={TONES[status]}>{t(`workOrder.statuses.${status}`)}</StatusTag>;
}
