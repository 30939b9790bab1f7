import type { ReportDimension } from '@sunstack/shared';
import { Empty, Flex, Skeleton, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chartLegend, EChart, TIME_AXIS_LABELS, useChartAxis } from '../../../components/EChart.tsx';
import type { ExportTable } from '../../../lib/exportTable.ts';
import { chartTime } from '../../../lib/plantTime.ts';
import { usePlantCurves } from '../api/plantCurves.ts';
import { usePlantReport } from '../api/plantReport.ts';
import { PlantPeriodBar, usePlantPeriod } from './PlantPeriodPicker.tsx';

/** The energy series a plant's month, year and lifetime charts show, as translation keys. */
const ENERGY_SERIES = [
  ['PVEnergyTotal', 'yield'],
  ['loadsTotal', 'consumption'],
  ['feedinTotal', 'export'],
  ['gridConsumptionTotal', 'import'],
] as const;

/**
 * A plant's charts: 5-minute power curves of a day, daily energy of a month, monthly energy of a
 * year, yearly energy over its life, all in the plant's local calendar, each exportable as xlsx or CSV.
 */
export function PlantCharts({ plantId, plantName, timeZone }: { plantId: number; plantName: string; timeZone: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const axis = useChartAxis();
  const period = usePlantPeriod<ReportDimension>(timeZone, 'day');
  const { dimension, date } = period;
  const curves = usePlantCurves({ id: plantId, ...period.fields }, dimension === 'day');
  const report = usePlantReport({ id: plantId, dimension, ...period.fields }, dimension !== 'day');

  const chart = useMemo(() => {
    if (dimension === 'day') {
      const series = curves.data?.series ?? [];
      const option: EChartsOption = {
        // Instants shifted to the plant's wall clock, laid out in UTC: ticks on the plant's whole hours.
        useUTC: true,
        tooltip: { trigger: 'axis', valueFormatter: (v) => `${Number(v).toFixed(2)} kW` },
        legend: chartLegend(token.colorText),
        grid: { left: 48, right: 16, top: 40, bottom: 32 },
        // The whole local day, 00:00 to 24:00, however much of it has data.
        xAxis: {
          type: 'time',
          min: Date.UTC(date.year(), date.month(), date.date()),
          max: Date.UTC(date.year(), date.month(), date.date() + 1),
          ...axis,
          axisLabel: { ...axis.axisLabel, formatter: TIME_AXIS_LABELS },
        },
        yAxis: { type: 'value', name: 'kW', ...axis },
        series: series.map((s) => ({
          type: 'line',
          name: t(`monitoring.node.${s.variable}`),
          showSymbol: false,
          data: s.data.map(([ts, v]) => [chartTime(timeZone, ts), Number(v.toFixed(3))]),
        })),
      };
      const table = (): ExportTable => ({
        headers: [t('monitoring.timeIn', { zone: timeZone }), ...series.map((s) => `${t(`monitoring.node.${s.variable}`)} (kW)`)],
        rows: (series[0]?.data ?? []).map(([ts], i) => [new Date(ts), ...series.map((s) => s.data[i]?.[1] ?? null)]),
        timeZone,
      });
      return { option, table, empty: (series[0]?.data.length ?? 0) === 0 };
    }
    const data = report.data;
    const buckets = data?.buckets ?? [];
    const series = ENERGY_SERIES.map(([counter, label]) => ({
      label,
      data: data?.series.find((s) => s.variable === counter)?.data ?? [],
    }));
    const option: EChartsOption = {
      tooltip: { trigger: 'axis', valueFormatter: (v) => `${Number(v).toFixed(2)} kWh` },
      legend: chartLegend(token.colorText),
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
  }, [dimension, curves.data, report.data, timeZone, t, token, axis, date]);

  const loading = dimension === 'day' ? curves.isPending : report.isPending;
  return (
    <Flex vertical gap={12}>
      <PlantPeriodBar
        period={period}
        dimensions={['day', 'month', 'year', 'lifetime'] as const}
        table={chart.empty ? undefined : chart.table}
        name={`${plantName}-${period.label}`}
      />
      {loading ? (
        <Skeleton active />
      ) : chart.empty ? (
        <Empty description={t('monitoring.noData')} />
      ) : (
        <EChart option={chart.option} label={t('monitoring.chartOf', { period: period.label })} />
      )}
    </Flex>
  );
}
