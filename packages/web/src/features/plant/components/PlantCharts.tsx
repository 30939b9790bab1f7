import type { ReportDimension } from '@sunstack/shared';
import { DatePicker, Empty, Flex, Segmented, Skeleton, Typography, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import type { EChartsOption } from 'echarts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, useChartAxis } from '../../../components/EChart.tsx';
import { ChartExport } from '../../../lib/ChartExport.tsx';
import type { ExportTable } from '../../../lib/exportTable.ts';
import { wallClock } from '../../../lib/plantTime.ts';
import { usePlantCurves } from '../api/plantCurves.ts';
import { usePlantReport } from '../api/plantReport.ts';

/** The energy series a plant's month, year and lifetime charts show, as translation keys. */
const ENERGY_SERIES = [
  ['PVEnergyTotal', 'yield'],
  ['loadsTotal', 'consumption'],
  ['feedinTotal', 'export'],
  ['gridConsumptionTotal', 'import'],
] as const;
const PICKERS = { day: 'date', month: 'month', year: 'year' } as const;

/** The time of day of `ts` in the plant's own zone, e.g. "14:05". */
const timeInZone = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (ts: number) => format.format(ts);
};

/**
 * A plant's charts: 5-minute power curves of a day, daily energy of a month, monthly energy of a
 * year, yearly energy over its life, all in the plant's local calendar, each exportable as xlsx or CSV.
 */
export function PlantCharts({ plantId, plantName, timeZone }: { plantId: number; plantName: string; timeZone: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const axis = useChartAxis();
  const [dimension, setDimension] = useState<ReportDimension>('day');
  // The plant's today, not the browser's: a browser in Auckland opens a Freiburg plant on Freiburg's day.
  const today = wallClock(timeZone, Date.now());
  const [date, setDate] = useState<Dayjs>(today);
  const period = { year: date.year(), month: date.month() + 1, day: date.date() };
  const curves = usePlantCurves({ id: plantId, ...period }, dimension === 'day');
  const report = usePlantReport({ id: plantId, dimension, ...period }, dimension !== 'day');

  const chart = useMemo(() => {
    if (dimension === 'day') {
      const series = curves.data?.series ?? [];
      const clock = timeInZone(timeZone);
      const times = series[0]?.data.map(([ts]) => clock(ts)) ?? [];
      const option: EChartsOption = {
        tooltip: { trigger: 'axis', valueFormatter: (v) => `${Number(v).toFixed(2)} kW` },
        legend: { top: 0, textStyle: { color: token.colorText } },
        grid: { left: 48, right: 16, top: 40, bottom: 32 },
        xAxis: { type: 'category', data: times, ...axis },
        yAxis: { type: 'value', name: 'kW', ...axis },
        series: series.map((s) => ({
          type: 'line',
          name: t(`monitoring.node.${s.variable}`),
          showSymbol: false,
          data: s.data.map(([, v]) => Number(v.toFixed(3))),
        })),
      };
      const table = (): ExportTable => ({
        headers: [t('monitoring.timeIn', { zone: timeZone }), ...series.map((s) => `${t(`monitoring.node.${s.variable}`)} (kW)`)],
        rows: (series[0]?.data ?? []).map(([ts], i) => [new Date(ts), ...series.map((s) => s.data[i]?.[1] ?? null)]),
        timeZone,
      });
      return { option, table, empty: times.length === 0 };
    }
    const data = report.data;
    const buckets = data?.buckets ?? [];
    const series = ENERGY_SERIES.map(([counter, label]) => ({
      label,
      data: data?.series.find((s) => s.variable === counter)?.data ?? [],
    }));
    const option: EChartsOption = {
      tooltip: { trigger: 'axis', valueFormatter: (v) => `${Number(v).toFixed(2)} kWh` },
      legend: { top: 0, textStyle: { color: token.colorText } },
      grid: { left: 56, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: buckets, ...axis },
      yAxis: { type: 'value', name: 'kWh', ...axis },
      series: series.map((s) => ({ type: 'bar', name: t(`monitoring.energy.${s.label}`), data: s.data })),
    };
    const table = (): ExportTable => ({
      headers: [t('monitoring.period'), ...series.map((s) => `${t(`monitoring.energy.${s.label}`)} (kWh)`)],
      rows: buckets.map((bucket, i) => [bucket, ...series.map((s) => s.data[i] ?? null)]),
      timeZone,
    });
    return { option, table, empty: series.every((s) => s.data.every((v) => v === 0)) };
  }, [dimension, curves.data, report.data, timeZone, t, token, axis]);

  const loading = dimension === 'day' ? curves.isPending : report.isPending;
  const periodLabel = dimension === 'lifetime' ? 'lifetime' : date.format({ day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' }[dimension]);
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap justify="space-between">
        <Flex gap={8} wrap>
          <Segmented<ReportDimension>
            value={dimension}
            onChange={setDimension}
            options={(['day', 'month', 'year', 'lifetime'] as const).map((value) => ({ value, label: t(`monitoring.dimension.${value}`) }))}
          />
          {dimension !== 'lifetime' && (
            <DatePicker
              picker={PICKERS[dimension]}
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
        <ChartExport table={chart.empty ? undefined : chart.table} name={`${plantName}-${periodLabel}`} />
      </Flex>
      {loading ? (
        <Skeleton active />
      ) : chart.empty ? (
        <Empty description={t('monitoring.noData')} />
      ) : (
        <EChart option={chart.option} label={t('monitoring.chartOf', { period: periodLabel })} />
      )}
    </Flex>
  );
}
