import { REPORT_UNITS, type ReportUnit } from '@sunstack/shared';
import { DatePicker, Flex, Input, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../api/countries.ts';
import { useDataReportChoices } from '../api/dataReport.ts';
import type { PeriodMode, ReportPeriod } from './reportPeriod.ts';

/** The data report's filters without its period, sort and paging. */
export interface DataReportFilters {
  subject: 'plant' | 'device';
  plant?: string;
  organisationId?: number;
  country?: string;
  series?: string;
  model?: string;
}

const MODES: PeriodMode[] = ['day', 'month', 'year', 'custom'];

/**
 * The period (a day, month, year or a custom range of days, months or years, as each plant's local
 * dates) and the filters: per plant or device (not for integrators, who see devices), plant name,
 * branch, country, series and model.
 */
export function DataReportFilterBar({
  period,
  onPeriod,
  filters,
  onFilters,
  devicesOnly,
}: {
  period: ReportPeriod;
  onPeriod(next: Partial<ReportPeriod>): void;
  filters: DataReportFilters;
  onFilters(next: Partial<DataReportFilters>): void;
  devicesOnly: boolean;
}) {
  const { t } = useTranslation();
  const choices = useDataReportChoices();
  const countries = useCountries();
  const options = (values: string[] | undefined) => values?.map((value) => ({ value, label: value }));
  const unitPicker = period.unit === 'day' ? 'date' : period.unit;
  return (
    <Flex vertical gap={12} style={{ marginBottom: 12 }}>
      <Flex wrap gap={8} align="center">
        {!devicesOnly && (
          <Segmented<DataReportFilters['subject']>
            value={filters.subject}
            onChange={(subject) => onFilters({ subject })}
            options={[
              { value: 'plant', label: t('report.perPlant') },
              { value: 'device', label: t('report.perDevice') },
            ]}
          />
        )}
        <Segmented<PeriodMode>
          value={period.mode}
          onChange={(mode) => onPeriod({ mode })}
          options={MODES.map((mode) => ({ value: mode, label: t(`report.modes.${mode}`) }))}
        />
        {period.mode === 'custom' ? (
          <>
            <Select<ReportUnit>
              value={period.unit}
              aria-label={t('report.unit')}
              style={{ width: 120 }}
              onChange={(unit) => onPeriod({ unit })}
              options={REPORT_UNITS.map((unit) => ({ value: unit, label: t(`report.units.${unit}`) }))}
            />
            <DatePicker.RangePicker
              picker={unitPicker}
              value={period.range}
              allowClear={false}
              aria-label={t('report.period')}
              onChange={(range) => range?.[0] && range[1] && onPeriod({ range: [range[0], range[1]] })}
            />
          </>
        ) : (
          <DatePicker
            picker={period.mode === 'day' ? 'date' : period.mode}
            value={period.date}
            allowClear={false}
            aria-label={t('report.period')}
            onChange={(date) => date && onPeriod({ date })}
          />
        )}
      </Flex>
      <Flex wrap gap={8}>
        <Input.Search
          allowClear
          placeholder={t('report.plantName')}
          aria-label={t('report.plantName')}
          style={{ width: 180 }}
          onSearch={(plant) => onFilters({ plant: plant || undefined })}
        />
        {(choices.data?.branches.length ?? 0) > 1 && (
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('report.branch')}
            aria-label={t('report.branch')}
            style={{ width: 180 }}
            options={choices.data?.branches.map((b) => ({ value: b.id, label: b.name }))}
            onChange={(organisationId) => onFilters({ organisationId })}
          />
        )}
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('report.country')}
          aria-label={t('report.country')}
          style={{ width: 180 }}
          options={countries.data?.map((c) => ({ value: c.code, label: c.name }))}
          onChange={(country) => onFilters({ country })}
        />
        <Select<string>
          allowClear
          placeholder={t('report.series')}
          aria-label={t('report.series')}
          style={{ width: 140 }}
          options={options(choices.data?.series)}
          onChange={(series) => onFilters({ series })}
        />
        <Select<string>
          allowClear
          showSearch
          placeholder={t('report.model')}
          aria-label={t('report.model')}
          style={{ width: 160 }}
          options={options(choices.data?.models)}
          onChange={(model) => onFilters({ model })}
        />
      </Flex>
    </Flex>
  );
}
