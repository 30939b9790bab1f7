import type { PlantStatus } from '@sunstack/shared';
import { Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** The one colouring of the statuses: tags use the preset, the map the same tone of the theme. */
const TONES: Record<PlantStatus, 'success' | 'warning' | 'error' | 'default'> = {
  normal: 'success',
  alarm: 'warning',
  fault: 'error',
  offline: 'default',
};

/** A plant's status as spec section 4 names them: normal, alarm, fault, offline. */
export function PlantStatusTag({ status }: { status: PlantStatus }) {
  const { t } = useTranslation();
  return <Tag color={TONES[status]}>{t(`plant.status.${status}`)}</Tag>;
}

/** Each status's colour as CSS, for what is drawn rather than tagged (the plant map). */
export function usePlantStatusColours(): Record<PlantStatus, string> {
  const { token } = theme.useToken();
  const byTone = { success: token.colorSuccess, warning: token.colorWarning, error: token.colorError, default: token.colorTextTertiary };
  return { normal: byTone[TONES.normal], alarm: byTone[TONES.alarm], fault: byTone[TONES.fault], offline: byTone[TONES.offline] };
}
