import type { AgingDeviceStatus, AgingReason, Language } from '@sunstack/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { alarmName } from '../../../components/alarm/alarmName.ts';
import { StatusTag, type StatusTone } from '../../../components/StatusTag.tsx';
import { formatNumber } from '../../../lib/format.ts';

const TONES: Record<AgingDeviceStatus, StatusTone> = { waiting: 'default', running: 'warning', pass: 'success', fail: 'error' };

/** An ageing device's status: waiting for data, running within the criteria, pass or fail. */
export function AgingStatusTag({ status }: { status: AgingDeviceStatus }) {
  const { t } = useTranslation();
  return <StatusTag tone={TONES[status]}>{t(`aging.statuses.${status}`)}</StatusTag>;
}

/** Why a device failed, with the value behind it (the fault by its name, the temperature, the mean output). */
export function agingReasonText(reason: AgingReason | null, value: number | null, language: Language, t: TFunction): string {
  if (reason === null) return '';
  if (reason === 'fault') return t('aging.reasons.fault', { name: alarmName(Number(value), language, t), code: value });
  if (reason === 'temperature') return t('aging.reasons.temperature', { value: formatNumber(value, 1) });
  if (reason === 'output') return t('aging.reasons.output', { value: formatNumber(value, 2) });
  return t('aging.reasons.noData');
}
