import { MAX_HISTORY_DAYS } from '@sunstack/shared';
import { Card, DatePicker, Empty, Flex, Select, Skeleton, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartSpec } from '../../../components/Chart.tsx';
import { ChartExport } from '../../../lib/ChartExport.tsx';
import type { ExportTable } from '../../../lib/exportTable.ts';
import { useMinuteFormat } from '../../../lib/minuteFormat.ts';
import { browserZone, chartTime, instantOf, wallClock } from '../../../lib/plantTime.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useDeviceHistory } from '../api/deviceData.ts';
import { variableHeading } from './variableText.ts';

/** A chart of this many points fits any screen at about two points per pixel. */
const CHART_POINTS = 1_500;

/**
 * The range the screen was opened with (`?from=&to=` in ms, e.g. the time around an alarm), or the
 * plant's today until now, as the plant's wall clock.
 */
function initialRange(query: Record<string, string>, timeZone: string): [Dayjs, Dayjs] {
  const from = Number(query.from);
  const to = Number(query.to);
  if (Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 0 && to > from && to - from <= MAX_HISTORY_DAYS * 86_400_000)
    return [wallClock(timeZone, from), wallClock(timeZone, to)];
  const now = wallClock(timeZone, Date.now());
  return [now.startOf('day'), now];
}

/**
 * The history of any of a device's variables over a chosen range (today by default, or the tab's
 * `from`/`to`), exportable
 * as xlsx or CSV, all in the plant's zone. `names` are the variables the device reports; the
 * chart starts with the first of `preferred` it has.
 */
export function DeviceHistory({
  sn,
  names,
  preferred,
  timeZone,
}: {
  sn: string;
  names: string[];
  preferred: string[];
  timeZone: string | undefined;
}) {
  // The plant's zone; a device without a known plant is shown in the browser's.
  const zone = timeZone ?? browserZone();
  const { t } = useTranslation();
  const minuteFormat = useMinuteFormat();
  const { query } = useTab();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => initialRange(query, zone));
  const [variables, setVariables] = useState<string[]>([]);
  const chosen = variables.length > 0 ? variables : preferred.filter((name) => names.includes(name)).slice(0, 1);
  const history = useDeviceHistory(
    { sn, begin: instantOf(zone, range[0]), end: instantOf(zone, range[1]), variables: chosen, points: CHART_POINTS },
    chosen.length > 0,
  );
  useTabBusy(history.isFetching);

  const spec = useMemo<ChartSpec>(
    () => ({
      // Instants shifted to the plant's wall clock: ticks and tooltips in the plant's time.
      x: { kind: 'time' },
      y: {},
      series: (history.data?.series ?? []).map((s) => ({
        kind: 'line',
        name: variableHeading(t, s.variable),
        data: s.data.map(([ts, value]) => [chartTime(zone, ts), value]),
      })),
    }),
    [history.data, t, zone],
  );

  // One row per time any variable has a value; a variable without one there stays empty.
  const table = (zone: string): ExportTable => {
    const series = history.data?.series ?? [];
    const times = [...new Set(series.flatMap((s) => s.data.map(([ts]) => ts)))].sort((a, b) => a - b);
    const byVariable = series.map((s) => new Map(s.data));
    return {
      headers: [t('monitoring.timeIn', { zone }), ...series.map((s) => variableHeading(t, s.variable))],
      rows: times.map((ts) => [new Date(ts), ...byVariable.map((values) => values.get(ts) ?? null)]),
      timeZone: zone,
    };
  };
  const empty = chosen.length === 0 || history.data?.series.every((s) => s.data.length === 0);

  return (
    <Card title={t('monitoring.history')} variant="borderless">
      <Flex vertical gap={12}>
        <Flex gap={8} wrap justify="space-between">
          <Flex gap={8} wrap style={{ flex: 1 }}>
            <Select
              mode="multiple"
              maxCount={10}
              style={{ minWidth: 220, flex: 1 }}
              value={chosen}
              onChange={setVariables}
              options={names.map((name) => ({ value: name, label: variableHeading(t, name) }))}
              placeholder={t('monitoring.variables')}
              aria-label={t('monitoring.variables')}
            />
            <DatePicker.RangePicker
              showTime={{ showSecond: false }}
              format={minuteFormat}
              value={range}
              allowClear={false}
              aria-label={t('monitoring.period')}
              disabledDate={(day, info) =>
                day.isAfter(wallClock(zone, Date.now()), 'day') ||
                (info.from ? Math.abs(day.diff(info.from, 'day')) > MAX_HISTORY_DAYS : false)
              }
              onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            />
            <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
              {t('monitoring.inZone', { zone })}
            </Typography.Text>
          </Flex>
          <ChartExport table={history.data && !empty ? () => table(zone) : undefined} name={`${sn}-${range[0].format('YYYY-MM-DD')}`} />
        </Flex>
        {empty ? (
          <Empty description={t('monitoring.noData')} />
        ) : !history.data ? (
          <Skeleton active />
        ) : (
          <Chart spec={spec} label={t('monitoring.history')} />
        )}
      </Flex>
    </Card>
  );
}
