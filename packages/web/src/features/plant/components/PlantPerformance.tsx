import type { PlantPerformance as Performance, PlantForecast } from '@sunstack/shared';
import { Alert, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { byIndex, Chart, type ChartSeries, type ChartSpec } from '../../../components/Chart.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import type { ExportTable } from '../../../lib/exportTable.ts';
import { useFigureFormat } from '../../../lib/figureFormat.ts';
import { formatNumber } from '../../../lib/format.ts';
import { chartTime } from '../../../lib/plantTime.ts';
import { usePlantForecast } from '../api/plantForecast.ts';
import { usePlantPerformance } from '../api/plantPerformance.ts';
import { PlantPeriodBar, usePlantPeriod } from './PlantPeriodPicker.tsx';

type Dimension = 'day' | 'month' | 'year';
const kwh = (value: number | null) => (value === null ? '—' : `${formatNumber(value, 1)} kWh`);

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
  const period = usePlantPeriod<Dimension>(timeZone, 'month');
  const { dimension } = period;
  const query = usePlantPerformance({ id: plantId, dimension, ...period.fields });
  const data = query.data;
  const { percent } = useFigureFormat();

  const chart = useMemo(() => {
    if (!data) return undefined;
    const labels = data.buckets.map((b) => (dimension === 'day' ? b.key.slice(11) : b.key));
    const spec: ChartSpec = {
      x: { kind: 'category', labels },
      y: { unit: 'kWh' },
      format: (v) => `${formatNumber(v, 2)} kWh`,
      series: [
        { kind: 'bar', name: t('owners.actual'), data: byIndex(data.buckets.map((b) => b.actual)) },
        ...(data.model
          ? [
              { kind: 'bar' as const, name: t('owners.expected'), data: byIndex(data.buckets.map((b) => b.expected ?? 0)) },
              { kind: 'line' as const, name: t('owners.clearSky'), data: byIndex(data.buckets.map((b) => b.clearSky ?? 0)) },
            ]
          : []),
      ],
    };
    const table = (): ExportTable => ({
      headers: [t('monitoring.period'), `${t('owners.actual')} (kWh)`, `${t('owners.expected')} (kWh)`, `${t('owners.clearSky')} (kWh)`],
      rows: data.buckets.map((b) => [b.key, b.actual, b.expected, b.clearSky]),
      timeZone,
    });
    return { spec, table };
  }, [data, dimension, t, timeZone]);

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
          <Chart spec={chart.spec} height={260} label={t('owners.performanceOf', { period: period.label })} />
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
  const query = usePlantForecast(plantId);
  const spec = useMemo((): ChartSpec | undefined => {
    const data: PlantForecast | undefined = query.data;
    if (!data) return undefined;
    const line = (name: string, pick: (p: PlantForecast['points'][number]) => number | null, extra: Partial<ChartSeries> = {}) => ({
      kind: 'line' as const,
      name,
      data: data.points.flatMap((p) => {
        const value = pick(p);
        return value === null ? [] : [[chartTime(timeZone, p.ts), value] as const];
      }),
      ...extra,
    });
    const hasSoc = data.points.some((p) => p.soc !== null);
    return {
      x: { kind: 'time' },
      y: { unit: 'kW' },
      y2: hasSoc ? { unit: '%', min: 0, max: 100 } : undefined,
      series: [
        line(t('owners.expected'), (p) => p.typical, { area: true }),
        line(t('owners.clearSky'), (p) => p.clearSky, { dashed: true }),
        line(t('owners.usualLoad'), (p) => p.load),
        ...(hasSoc ? [line(t('monitoring.soc'), (p) => p.soc, { right: true })] : []),
      ],
    };
  }, [query.data, t, timeZone]);
  if (query.isError && !query.data) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (!spec || !query.data) return <Skeleton active />;
  return (
    <>
      <Chart spec={spec} height={260} label={t('owners.forecastOf', { days: query.data.days.join(', ') })} />
      {query.data.battery && (
        <Typography.Text type="secondary">
          {t('owners.batteryAssumed', { capacity: formatNumber(query.data.battery.capacityKwh, 1), soc: query.data.battery.soc })}
        </Typography.Text>
      )}
    </>
  );
}
