import { LIMITS } from '@sunstack/shared';
import { DatePicker, message } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useMinuteFormat } from '../../../lib/minuteFormat.ts';
import { type ChosenRange, rangeProblem } from './alarmQuery.ts';

/**
 * The raised-at range of an alarm query, at most 15 days (spec section 5): `shown` is the range in
 * use (empty: none); clearing it gives undefined (the query's default), a range too long only warns.
 */
export function RaisedRangePicker({ shown, onRange }: { shown: Partial<ChosenRange>; onRange: (range: ChosenRange | undefined) => void }) {
  const { t } = useTranslation();
  const minuteFormat = useMinuteFormat();
  return (
    <DatePicker.RangePicker
      showTime={{ format: 'HH:mm' }}
      format={minuteFormat}
      aria-label={t('alarm.range')}
      value={shown.begin === undefined || shown.end === undefined ? null : [dayjs(shown.begin), dayjs(shown.end)]}
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
  );
}
