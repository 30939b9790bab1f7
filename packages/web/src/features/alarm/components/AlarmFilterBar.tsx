import { CloseOutlined } from '@ant-design/icons';
import type { AlarmView, Language } from '@sunstack/shared';
import { Flex, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantChoices } from '../api/plantChoices.ts';
import { AlarmKindFilters } from './AlarmKindFilters.tsx';
import { type AlarmFilters, type ChosenRange, queryRange } from './alarmQuery.ts';
import { RaisedRangePicker } from './RaisedRangePicker.tsx';

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
  // Realtime without a chosen range lists every active alarm: the picker then stays empty.
  const shown = queryRange(view, filters.range, Date.now());

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
      <AlarmKindFilters filters={filters} language={language} onChange={onChange} />
      <RaisedRangePicker shown={shown} onRange={onRange} />
    </Flex>
  );
}
