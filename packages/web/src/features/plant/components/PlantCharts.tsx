import type { ReportDimension } from '@sunstack/shared';
import { Empty, Flex, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { byIndex, Chart, type ChartSpec } from '../../../components/Chart.tsx';
import type { ExportTable } from '../../../lib/exportTable.ts';
import { formatNumber } from '../../../lib/format.ts';
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
  const period = usePlantPeriod<ReportDimension>(timeZone, 'day');
  const { dimension, date } = period;
  const curves = usePlantCurves({ id: plantId, ...period.fields }, dimension === 'day');
  const report = usePlantReport({ id: plantId, dimension, ...period.fields }, dimension !== 'day');

  const chart = useMemo(() => {
    if (dimension === 'day') {
      const series = curves.data?.series ?? [];
      const spec: ChartSpec = {
        // The whole local day, 00:00 to 24:00, however much of it has data.
        x: {
          kind: 'time',
          min: Date.UTC(date.year(), date.month(), date.date()),
          max: Date.UTC(date.year(), date.month(), date.date() + 1),
        },
        y: { unit: 'kW' },
        format: (v) => `${formatNumber(v, 2)} kW`,
        series: series.map((s) => ({
          kind: 'line',
          name: t(`monitoring.node.${s.variable}`),
          data: s.data.map(([ts, v]) => [chartTime(timeZone, ts), Number(v.toFixed(3))]),
        })),
      };
      const table = (): ExportTable => ({
        headers: [t('monitoring.timeIn', { zone: timeZone }), ...series.map((s) => `${t(`monitoring.node.${s.variable}`)} (kW)`)],
        rows: (series[0]?.data ?? []).map(([ts], i) => [new Date(ts), ...series.map((s) => s.data[i]?.[1] ?? null)]),
        timeZone,
      });
      return { spec, table, empty: (series[0]?.data.length ?? 0) === 0 };
    }
    const data = report.data;
    const buckets = data?.buckets ?? [];
    const series = ENERGY_SERIES.map(([counter, label]) => ({
      label,
      data: data?.series.find((s) => s.variable === counter)?.data ?? [],
    }));
    const spec: ChartSpec = {
      x: { kind: 'category', labels: buckets },
      y: { unit: 'kWh' },
      format: (v) => `${formatNumber(v, 2)} kWh`,
      series: series.map((s) => ({ kind: 'bar', name: t(`monitoring.energy.${s.label}`), data: byIndex(s.data) })),
    };
    const table = (): ExportTable => ({
      headers: [t('monitoring.period'), ...series.map((s) => `${t(`monitoring.energy.${s.label}`)} (kWh)`)],
      rows: buckets.map((bucket, i) => [bucket, ...series.map((s) => s.data[i] ?? null)]),
      timeZone,
    });
    return { spec, table, empty: series.every((s) => s.data.every((v) => v === 0)) };
  }, [dimension, curves.data, report.data, timeZone, t, date]);

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
        <Chart spec={chart.spec} label={t('monitoring.chartOf', { period: period.label })} />
      )}
    </Flex>
  );
}
