import { ALARM_SOURCES, type AlarmSource, FAULT_SEVERITIES, type FaultSeverity, type Language } from '@sunstack/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FaultCodeInput } from './FaultCodeInput.tsx';

/** What kind of alarm to show: the filters the alarm lists and the fault record share. */
export interface AlarmKindFilter {
  source?: AlarmSource;
  severity?: FaultSeverity;
  code?: number;
}

/** The kind (a device's or a platform rule's), severity and code filters, as fields of a filter bar. */
export function AlarmKindFilters({
  filters,
  language,
  onChange,
}: {
  filters: AlarmKindFilter;
  language: Language;
  onChange: (filters: AlarmKindFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        allowClear
        placeholder={t('alarm.source')}
        aria-label={t('alarm.source')}
        style={{ width: 150 }}
        value={filters.source}
        options={ALARM_SOURCES.map((source) => ({ value: source, label: t(`alarm.sources.${source}`) }))}
        onChange={(source?: AlarmSource) => onChange({ source })}
      />
      <Select
        allowClear
        placeholder={t('alarm.severity')}
        aria-label={t('alarm.severity')}
        style={{ width: 130 }}
        value={filters.severity}
        options={FAULT_SEVERITIES.map((severity) => ({ value: severity, label: t(`alarm.severities.${severity}`) }))}
        onChange={(severity?: FaultSeverity) => onChange({ severity })}
      />
      <FaultCodeInput code={filters.code} language={language} onChange={(code) => onChange({ code })} />
    </>
  );
}
