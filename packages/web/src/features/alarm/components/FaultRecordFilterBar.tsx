import { ALARM_SUBJECTS, type AlarmSubject, type Language } from '@sunstack/shared';
import { Flex, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FAULT_RECORD_DEFAULT_DAYS, type FaultRecordFilters } from '../api/faultRecord.ts';
import { AlarmKindFilters } from './AlarmKindFilters.tsx';
import { lastDays } from './alarmQuery.ts';
import { RaisedRangePicker } from './RaisedRangePicker.tsx';
import { subjectLabel } from './subjectLabel.ts';

/**
 * The fault record's filters: raised-at range (the last 7 days unless chosen, at most 15), kind,
 * severity, code, device type and model (exact; the model table sets it too).
 */
export function FaultRecordFilterBar({
  filters,
  language,
  onChange,
}: {
  filters: FaultRecordFilters;
  language: Language;
  onChange: (filters: Partial<FaultRecordFilters>) => void;
}) {
  const { t } = useTranslation();
  const [modelText, setModelText] = useState(filters.model ?? '');
  // The model table chooses a model too: the box shows it.
  useEffect(() => setModelText(filters.model ?? ''), [filters.model]);

  return (
    <Flex wrap gap={8} style={{ marginBottom: 16 }}>
      <RaisedRangePicker
        shown={filters.range ?? lastDays(FAULT_RECORD_DEFAULT_DAYS, Date.now())}
        onRange={(range) => onChange({ range })}
      />
      <AlarmKindFilters filters={filters} language={language} onChange={onChange} />
      <Select
        allowClear
        placeholder={t('faultRecord.subject')}
        aria-label={t('faultRecord.subject')}
        style={{ width: 150 }}
        value={filters.subject}
        options={ALARM_SUBJECTS.map((subject) => ({ value: subject, label: subjectLabel(subject, t) }))}
        onChange={(subject?: AlarmSubject) => onChange({ subject })}
      />
      <Input.Search
        allowClear
        value={modelText}
        onChange={(event) => setModelText(event.target.value)}
        placeholder={t('faultRecord.model')}
        aria-label={t('faultRecord.model')}
        style={{ width: 180 }}
        onSearch={(model) => onChange({ model: model.trim() || undefined })}
      />
    </Flex>
  );
}
