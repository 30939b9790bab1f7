import type { PlantStatus } from '@sunstack/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<PlantStatus, string> = { normal: 'success', alarm: 'warning', fault: 'error', offline: 'default' };

/** A plant's status as spec section 4 names them: normal, alarm, fault, offline. */
export function PlantStatusTag({ status }: { status: PlantStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLOURS[status]}>{t(`plant.status.${status}`)}</Tag>;
}
