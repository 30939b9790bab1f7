import type { PlantStatus } from '@sunstack/shared';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from './StatusTag.tsx';

/** The one colouring of the statuses: tags in their tone, the map's dots in the same tone of the theme. */
const TONES: Record<PlantStatus, StatusTone> = {
  normal: 'success',
  alarm: 'warning',
  fault: 'error',
  offline: 'default',
};

/** A plant's status as spec section 4 names them: normal, alarm, fault, offline; with `count`, how many plants have it. */
export function PlantStatusTag({ status, count }: { status: PlantStatus; count?: number }) {
  const { t } = useTranslation();
  return (
    <StatusTag tone={TONES[status]}>
      {t(`plant.status.${status}`)}
      {count !== undefined && ` ${count}`}
    </StatusTag>
  );
}

/** Each status's colour as CSS, for what is drawn rather than tagged (the plant map). */
export function usePlantStatusColours(): Record<PlantStatus, string> {
  const { token } = theme.useToken();
  const byTone = { success: token.colorSuccess, warning: token.colorWarning, error: token.colorError, default: token.colorTextTertiary };
  return { normal: byTone[TONES.normal], alarm: byTone[TONES.alarm], fault: byTone[TONES.fault], offline: byTone[TONES.offline] };
}
