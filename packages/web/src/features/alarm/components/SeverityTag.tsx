import type { FaultSeverity } from '@sunstack/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<FaultSeverity, string> = { fault: 'red', warning: 'orange' };

/** An alarm's severity: a fault in red, a warning in orange. */
export function SeverityTag({ severity }: { severity: FaultSeverity }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[severity]} style={{ marginInlineEnd: 0 }}>
      {t(`alarm.severities.${severity}`)}
    </Tag>
  );
}
