import type { FaultSeverity } from '@sunstack/shared';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../StatusTag.tsx';

/** A fault in the error tone, a warning in the warning tone: the tones of the plant statuses they cause. */
const TONES: Record<FaultSeverity, StatusTone> = { fault: 'error', warning: 'warning' };

/** An alarm's severity. */
export function SeverityTag({ severity }: { severity: FaultSeverity }) {
  const { t } = useTranslation();
  return (
    <StatusTag tone={TONES[severity]} style={{ marginInlineEnd: 0 }}>
      {t(`alarm.severities.${severity}`)}
    </StatusTag>
  );
}
