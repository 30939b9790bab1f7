import { DatePicker, Flex, Segmented, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartExport } from '../../../lib/ChartExport.tsx';
import type { ExportTable } from '../../../lib/exportTable.ts';
import { wallClock } from '../../../lib/plantTime.ts';

type Dimension = 'day' | 'month' | 'year' | 'lifetime';
const PICKERS = { day: 'date', month: 'month', year: 'year' } as const;
const FORMATS = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY', lifetime: '[lifetime]' } as const;

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
          <DatePicker
            picker={PICKERS[dimension as Exclude<Dimension, 'lifetime'>]}
            value={date}
            allowClear={false}
            disabledDate={(d) => d.isAfter(today, 'day')}
            onChange={(value) => value && setDate(value)}
            aria-label={t('monitoring.period')}
          />
        )}
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          {t('monitoring.inZone', { zone: timeZone })}
        </Typography.Text>
      </Flex>
      <ChartExport table={table} name={name} />
    </Flex>
  );
}
