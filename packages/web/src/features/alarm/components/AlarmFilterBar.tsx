import { CloseOutlined } from '@ant-design/icons';
import {
  ALARM_SOURCES,
  type AlarmSource,
  type AlarmView,
  FAULT_CATALOGUE,
  FAULT_SEVERITIES,
  type FaultSeverity,
  type Language,
  LIMITS,
} from '@sunstack/shared';
import { faultText } from '@sunstack/shared/fault-messages';
import { AutoComplete, DatePicker, Flex, Input, message, Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantChoices } from '../api/plantChoices.ts';
import { type AlarmFilters, type ChosenRange, queryRange, rangeProblem } from './alarmQuery.ts';

const ALL_CODES = Object.values(FAULT_CATALOGUE).flatMap((faults) => faults.map((fault) => fault.code));

/**
 * The alarm lists' filters: plant (a search over the plants in scope, for accounts that reach the
 * plant list; otherwise only the plant the screen was opened for, as a tag), device or datalogger
 * SN, kind, severity, code (the catalogue's codes by number or name, or any number) and the
 * raised-at range of the list shown, at most 15 days (spec section 5).
 */
export function AlarmFilterBar({
  view,
  filters,
  language,
  plantSearch,
  plantName,
  onChange,
  onRange,
}: {
  view: AlarmView;
  filters: AlarmFilters;
  language: Language;
  /** Whether the account may list plants to choose from. */
  plantSearch: boolean;
  /** The filtered plant's name where the lists know it (for the tag shown without the plant search). */
  plantName?: string;
  /** A filter both lists share changed. */
  onChange: (filters: Partial<Omit<AlarmFilters, 'range'>>) => void;
  /** The shown list's range changed; undefined goes back to its default. */
  onRange: (range: ChosenRange | undefined) => void;
}) {
  const { t } = useTranslation();
  const [plantText, setPlantText] = useState('');
  const plants = usePlantChoices(plantText, filters.plantId, plantSearch);
  const [codeText, setCodeText] = useState(filters.code === undefined ? '' : String(filters.code));
  const shown = queryRange(view, filters.range, Date.now());

  const codeOptions = useMemo(() => {
    const typed = codeText.trim().toLowerCase();
    return ALL_CODES.map((code) => ({ code, name: faultText(code, language)?.name ?? '' }))
      .filter(({ code, name }) => typed === '' || String(code).startsWith(typed) || name.toLowerCase().includes(typed))
      .slice(0, 50)
      .map(({ code, name }) => ({ value: String(code), label: `${code} · ${name}` }));
  }, [codeText, language]);
  const applyCode = (text: string) => {
    const digits = text.trim().match(/^\d+/)?.[0];
    setCodeText(digits ?? '');
    onChange({ code: digits ? Number(digits) : undefined });
  };

  return (
    <Flex wrap gap={8} style={{ marginBottom: 16 }}>
      {plantSearch ? (
        <Select
          allowClear
          showSearch={{ filterOption: false, onSearch: setPlantText }}
          placeholder={t('alarm.plant')}
          aria-label={t('alarm.plant')}
          style={{ width: 220 }}
          loading={plants.isFetching}
          value={filters.plantId}
          onChange={(plantId?: number) => {
            setPlantText('');
            onChange({ plantId });
          }}
          options={(plants.data ?? []).map((plant) => ({ value: plant.id, label: plant.name }))}
        />
      ) : (
        filters.plantId && (
          <Tag
            closable
            closeIcon={<CloseOutlined aria-label={t('alarm.clearPlant')} />}
            onClose={() => onChange({ plantId: undefined })}
            style={{ alignSelf: 'center' }}
          >
            {t('alarm.plantFilter', { name: plantName || `#${filters.plantId}` })}
          </Tag>
        )
      )}
      <Input.Search
        allowClear
        defaultValue={filters.sn}
        placeholder={t('alarm.snFilter')}
        aria-label={t('alarm.snFilter')}
        style={{ width: 220 }}
        onSearch={(sn) => onChange({ sn: sn.trim() || undefined })}
      />
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
      <AutoComplete
        value={codeText}
        options={codeOptions}
        onChange={setCodeText}
        onSelect={applyCode}
        style={{ width: 200 }}
        popupMatchSelectWidth={320}
      >
        <Input.Search allowClear placeholder={t('alarm.code')} aria-label={t('alarm.code')} onSearch={applyCode} />
      </AutoComplete>
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        aria-label={t('alarm.range')}
        // Realtime without a chosen range lists every active alarm: the picker then stays empty.
        value={shown.begin === undefined ? null : [dayjs(shown.begin), dayjs(shown.end)]}
        disabledDate={(day, info) =>
          day.isAfter(dayjs().endOf('day')) || (info.from ? Math.abs(day.diff(info.from, 'day')) > LIMITS.dateRangeDays.long : false)
        }
        onChange={(value) => {
          if (!value?.[0] || !value[1]) return onRange(undefined);
          const range = { begin: value[0].valueOf(), end: value[1].valueOf() };
          const problem = rangeProblem(range.begin, range.end);
          if (problem) return void message.warning(t(`alarm.${problem}`, { days: LIMITS.dateRangeDays.long }));
          onRange(range);
        }}
      />
    </Flex>
  );
}
