import type { PlantPerformance as Performance, PlantForecast } from '@sunstack/shared';
import { Alert, Col, Flex, Row, Skeleton, Statistic, Typography, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chartLegend, EChart, TIME_AXIS_LABELS, useChartAxis } from '../../../components/EChart.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import type { ExportTable } from '../../../lib/exportTable.ts';
import { useFigureFormat } from '../../../lib/figureFormat.ts';
import { chartTime } from '../../../lib/plantTime.ts';
import { usePlantForecast } from '../api/plantForecast.ts';
import { usePlantPerformance } from '../api/plantPerformance.ts';
import { PlantPeriodBar, usePlantPeriod } from './PlantPeriodPicker.tsx';

type Dimension = 'day' | 'month' | 'year';
const kwh = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} kWh`);

/** What the expectation rests on: size, tilt and bearing (assumed where the plant does not say). */
function ModelNote({ model }: { model: Performance['model'] }) {
  const { t } = useTranslation();
  if (!model) return <Alert type="info" showIcon title={t('owners.noModel')} />;
  return (
    <Typography.Text type="secondary">
      {t(model.assumedOrientation ? 'owners.modelAssumed' : 'owners.model', {
        kwp: model.peakKw,
        tilt: model.tilt,
        azimuth: model.azimuth,
      })}
    </Typography.Text>
  );
}

/**
 * Expected against actual: the PV yield of a day, month or year beside what the plant's place,
 * orientation and size give in typical weather and under a clear sky, with the performance ratio;
 * and the forecast of today and tomorrow with the battery's expected SoC.
 */
export function PlantPerformance({ plantId, plantName, timeZone }: { plantId: number; plantName: string; timeZone: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const axis = useChartAxis();
  const period = usePlantPeriod<Dimension>(timeZone, 'month');
  const { dimension } = period;
  const query = usePlantPerformance({ id: plantId, dimension, ...period.fields });
  const data = query.data;
  const { percent } = useFigureFormat();

  const chart = useMemo(() => {
    if (!data) return undefined;
    const labels = data.buckets.map((b) => (dimension === 'day' ? b.key.slice(11) : b.key));
    const option: EChartsOption = {
      tooltip: { trigger: 'axis', valueFormatter: (v) => `${Number(v).toFixed(2)} kWh` },
      legend: chartLegend(token.colorText),
      grid: { left: 56, right: 16, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: labels, ...axis },
      yAxis: { type: 'value', name: 'kWh', ...axis },
      series: [
        { type: 'bar', name: t('owners.actual'), data: data.buckets.map((b) => b.actual) },
        ...(data.model
          ? [
              { type: 'bar' as const, name: t('owners.expected'), data: data.buckets.map((b) => b.expected ?? 0) },
              { type: 'line' as const, name: t('owners.clearSky'), showSymbol: false, data: data.buckets.map((b) => b.clearSky ?? 0) },
            ]
          : []),
      ],
    };
    const table = (): ExportTable => ({
      headers: [t('monitoring.period'), `${t('owners.actual')} (kWh)`, `${t('owners.expected')} (kWh)`, `${t('owners.clearSky')} (kWh)`],
      rows: data.buckets.map((b) => [b.key, b.actual, b.expected, b.clearSky]),
      timeZone,
    });
    return { option, table };
  }, [data, dimension, t, token, axis, timeZone]);

  if (query.isError && !data) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const total = data?.total;
  return (
    <Flex vertical gap={12}>
      <PlantPeriodBar
        period={period}
        dimensions={['day', 'month', 'year'] as const}
        table={chart?.table}
        name={`${plantName}-${t('owners.performanceTitle')}-${period.label}`}
      />
      {!total || !chart ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {[
              { key: 'actual', value: kwh(total.actual) },
              { key: 'expectedToNow', value: kwh(total.expectedToNow) },
              { key: 'ratioToExpected', value: percent(total.ratioToExpected) },
              { key: 'performanceRatio', value: percent(total.performanceRatio) },
            ].map((figure) => (
              <Col key={figure.key} xs={12} md={6}>
                <Statistic title={t(`owners.${figure.key}`)} value={figure.value} />
              </Col>
            ))}
          </Row>
          <EChart option={chart.option} height={260} label={t('owners.performanceOf', { period: period.label })} />
          <ModelNote model={data.model} />
        </>
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('owners.forecastTitle')}
      </Typography.Title>
      <ForecastChart plantId={plantId} timeZone={timeZone} />
    </Flex>
  );
}

/** Today's and tomorrow's expected production (typical and clear sky), usual load and the battery's SoC, on the plant's clock. */
function ForecastChart({ plantId, timeZone }: { plantId: number; timeZone: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const axis = useChartAxis();
  const query = usePlantForecast(plantId);
  const option = useMemo((): EChartsOption | undefined => {
    const data: PlantForecast | undefined = query.data;
    if (!data) return undefined;
    const line = (name: string, pick: (p: PlantForecast['points'][number]) => number | null, extra: object = {}) => ({
      type: 'line' as const,
      name,
      showSymbol: false,
      data: data.points.filter((p) => pick(p) !== null).map((p) => [chartTime(timeZone, p.ts), pick(p)]),
      ...extra,
    });
    const hasSoc = data.points.some((p) => p.soc !== null);
    return {
      useUTC: true,
      tooltip: { trigger: 'axis' },
      legend: chartLegend(token.colorText),
      grid: { left: 48, right: hasSoc ? 48 : 16, top: 40, bottom: 32 },
      xAxis: { type: 'time', ...axis, axisLabel: { ...axis.axisLabel, formatter: TIME_AXIS_LABELS } },
      yAxis: [
        { type: 'value', name: 'kW', ...axis },
        ...(hasSoc ? [{ type: 'value' as const, name: '%', min: 0, max: 100, ...axis, splitLine: { show: false } }] : []),
      ],
      series: [
        line(t('owners.expected'), (p) => p.typical, { areaStyle: { opacity: 0.2 } }),
        line(t('owners.clearSky'), (p) => p.clearSky, { lineStyle: { type: 'dashed' } }),
        line(t('owners.usualLoad'), (p) => p.load),
        ...(hasSoc ? [line(t('monitoring.soc'), (p) => p.soc, { yAxisIndex: 1 })] : []),
      ],
    };
  }, [query.data, t, token, axis, timeZone]);
  if (query.isError && !query.data) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (!option || !query.data) return <Skeleton active />;
  return (
    <>
      <EChart option={option} height={260} label={t('owners.forecastOf', { days: query.data.days.join(', ') })} />
      {query.data.battery && (
        <Typography.Text type="secondary">
          {t('owners.batteryAssumed', { capacity: query.data.battery.capacityKwh.toFixed(1), soc: query.data.battery.soc })}
        </Typography.Text>
      )}
    </>
  );
}
