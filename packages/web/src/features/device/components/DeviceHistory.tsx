import { MAX_HISTORY_DAYS } from '@sunstack/shared';
import { Card, DatePicker, Empty, Flex, Select, Skeleton, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { EChartsOption } from 'echarts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, useChartAxis } from '../../../components/EChart.tsx';
import { ChartExport } from '../../../lib/ChartExport.tsx';
import type { ExportTable } from '../../../lib/exportTable.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useDeviceHistory } from '../api/deviceData.ts';
import { variableHeading } from './variableText.ts';

/** A chart of this many points fits any screen at about two points per pixel. */
const CHART_POINTS = 1_500;

/** The range the screen was opened with (`?from=&to=` in ms, e.g. the time around an alarm), or today until now. */
function initialRange(query: Record<string, string>): [Dayjs, Dayjs] {
  const from = Number(query.from);
  const to = Number(query.to);
  if (Number.isSafeInteger(from) && Number.isSafeInteger(to) && from >= 0 && to > from && to - from <= MAX_HISTORY_DAYS * 86_400_000)
    return [dayjs(from), dayjs(to)];
  return [dayjs().startOf('day'), dayjs()];
}

/**
 * The history of any of a device's variables over a chosen range (today by default, or the tab's
 * `from`/`to`), exportable
 * as xlsx or CSV with times in the plant's zone (once known). `names` are the variables the device reports; the
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
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const axis = useChartAxis();
  const { query } = useTab();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => initialRange(query));
  const [variables, setVariables] = useState<string[]>([]);
  const chosen = variables.length > 0 ? variables : preferred.filter((name) => names.includes(name)).slice(0, 1);
  const history = useDeviceHistory(
    { sn, begin: range[0].valueOf(), end: range[1].valueOf(), variables: chosen, points: CHART_POINTS },
    chosen.length > 0,
  );
  useTabBusy(history.isFetching);

  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 56, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'time', ...axis },
      yAxis: { type: 'value', ...axis },
      series: (history.data?.series ?? []).map((s) => ({
        type: 'line',
        name: variableHeading(t, s.variable),
        showSymbol: false,
        data: s.data,
      })),
    }),
    [history.data, token, axis, t],
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
              showTime
              value={range}
              allowClear={false}
              aria-label={t('monitoring.period')}
              disabledDate={(day, info) =>
                day.isAfter(dayjs()) || (info.from ? Math.abs(day.diff(info.from, 'day')) > MAX_HISTORY_DAYS : false)
              }
              onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            />
          </Flex>
          <ChartExport
            table={timeZone && history.data && !empty ? () => table(timeZone) : undefined}
            name={`${sn}-${range[0].format('YYYY-MM-DD')}`}
          />
        </Flex>
        {empty ? (
          <Empty description={t('monitoring.noData')} />
        ) : !history.data ? (
          <Skeleton active />
        ) : (
          <EChart option={option} label={t('monitoring.history')} />
        )}
      </Flex>
    </Card>
  );
}
