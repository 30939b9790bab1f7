import { CalendarOutlined } from '@ant-design/icons';
import { type DatePicker as AntdDatePicker, ConfigProvider, Flex, Input, Segmented, Typography, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartExport } from '../../../lib/ChartExport.tsx';
import type { ExportTable } from '../../../lib/exportTable.ts';
import { wallClock } from '../../../lib/plantTime.ts';

type Dimension = 'day' | 'month' | 'year' | 'lifetime';
const PICKERS = { day: 'date', month: 'month', year: 'year' } as const;
const FORMATS = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY', lifetime: '[lifetime]' } as const;
// The calendar is a third of a plant detail's own JavaScript and is not on its first paint: a field
// showing the date stands in for it until first used (issue 21). Both take one width, so nothing moves.
const DatePicker = lazy(() => import('antd/es/date-picker')) as unknown as typeof AntdDatePicker;
const FIELD_STYLE = { width: 150 };

/**
 * A period of a plant's calendar a chart shows: its dimension, a date in it, never after the plant's
 * today (its wall clock, not the browser's: a browser in Auckland opens a Freiburg plant on Freiburg's
 * day), the fields a report call takes and a label for file names.
 */
export function usePlantPeriod<D extends Dimension>(timeZone: string, first: D) {
  const [dimension, setDimension] = useState<D>(first);
  const today = wallClock(timeZone, Date.now());
  const [date, setDate] = useState<Dayjs>(today);
  return {
    dimension,
    setDimension,
    date,
    setDate,
    today,
    timeZone,
    fields: { year: date.year(), month: date.month() + 1, day: date.date() },
    label: date.format(FORMATS[dimension]),
  };
}
export type PlantPeriod<D extends Dimension> = ReturnType<typeof usePlantPeriod<D>>;

/** The period's controls (dimension, date, the plant's zone) and the chart's export, above a plant's chart. */
export function PlantPeriodBar<D extends Dimension>({
  period,
  dimensions,
  table,
  name,
}: {
  period: PlantPeriod<D>;
  dimensions: readonly D[];
  /** The chart's data for the export; undefined while there is none. */
  table: (() => ExportTable) | undefined;
  name: string;
}) {
  const { t } = useTranslation();
  const { dimension, setDimension, date, setDate, today, timeZone } = period;
  return (
    <Flex gap={8} wrap justify="space-between">
      <Flex gap={8} wrap>
        <Segmented<D>
          value={dimension}
          onChange={setDimension}
          options={dimensions.map((value) => ({ value, label: t(`monitoring.dimension.${value}`) }))}
        />
        {dimension !== 'lifetime' && (
          <PeriodDate dimension={dimension as Exclude<Dimension, 'lifetime'>} date={date} today={today} onChange={setDate} />
        )}
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          {t('monitoring.inZone', { zone: timeZone })}
        </Typography.Text>
      </Flex>
      <ChartExport table={table} name={name} />
    </Flex>
  );
}

/** The period's date: a plain field until first used, then the calendar, opened. */
function PeriodDate({
  dimension,
  date,
  today,
  onChange,
}: {
  dimension: Exclude<Dimension, 'lifetime'>;
  date: Dayjs;
  today: Dayjs;
  onChange: (date: Dayjs) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [used, setUsed] = useState(false);
  // The calendar writes the date as the language's Ant Design locale says (26.11.2026 in German); so does the field.
  const lang = useContext(ConfigProvider.ConfigContext).locale?.DatePicker?.lang;
  const format =
    { day: lang?.fieldDateFormat, month: lang?.fieldMonthFormat, year: lang?.fieldYearFormat }[dimension] ?? FORMATS[dimension];
  const field = (
    <Input
      readOnly
      value={date.format(format)}
      aria-label={t('monitoring.period')}
      suffix={<CalendarOutlined style={{ color: token.colorTextQuaternary }} />}
      style={FIELD_STYLE}
      onFocus={() => setUsed(true)}
      onClick={() => setUsed(true)}
    />
  );
  if (!used) return field;
  return (
    <Suspense fallback={field}>
      <DatePicker
        picker={PICKERS[dimension]}
        value={date}
        allowClear={false}
        disabledDate={(d) => d.isAfter(today, 'day')}
        onChange={(value) => value && onChange(value)}
        aria-label={t('monitoring.period')}
        style={FIELD_STYLE}
        defaultOpen
        autoFocus
      />
    </Suspense>
  );
}
