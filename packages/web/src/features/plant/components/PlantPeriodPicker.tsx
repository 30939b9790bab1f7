import { DatePicker, Flex, Segmented, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

type Dimension = 'day' | 'month' | 'year' | 'lifetime';
const PICKERS = { day: 'date', month: 'month', year: 'year' } as const;

/**
 * A period of a plant's calendar: day, month, year (or lifetime where offered) and the date in it,
 * never after the plant's today (`today`, its wall clock), labelled with the plant's zone.
 */
export function PlantPeriodPicker<D extends Dimension>({
  dimensions,
  dimension,
  onDimension,
  date,
  onDate,
  today,
  timeZone,
}: {
  dimensions: readonly D[];
  dimension: D;
  onDimension: (dimension: D) => void;
  date: Dayjs;
  onDate: (date: Dayjs) => void;
  today: Dayjs;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap>
      <Segmented<D>
        value={dimension}
        onChange={onDimension}
        options={dimensions.map((value) => ({ value, label: t(`monitoring.dimension.${value}`) }))}
      />
      {dimension !== 'lifetime' && (
        <DatePicker
          picker={PICKERS[dimension as Exclude<Dimension, 'lifetime'>]}
          value={date}
          allowClear={false}
          disabledDate={(d) => d.isAfter(today, 'day')}
          onChange={(value) => value && onDate(value)}
          aria-label={t('monitoring.period')}
        />
      )}
      <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
        {t('monitoring.inZone', { zone: timeZone })}
      </Typography.Text>
    </Flex>
  );
}
