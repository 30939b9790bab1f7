import type { PlantEconomics as Economics } from '@sunstack/shared';
import { Alert, Col, Empty, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { byIndex, Chart, type ChartSpec } from '../../../components/Chart.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import type { ExportTable } from '../../../lib/exportTable.ts';
import { useFigureFormat } from '../../../lib/figureFormat.ts';
import { formatNumber } from '../../../lib/format.ts';
import { usePlantEconomics } from '../api/plantEconomics.ts';
import { PlantPeriodBar, usePlantPeriod } from './PlantPeriodPicker.tsx';

type Dimension = 'day' | 'month' | 'year';

/**
 * What a plant earned and saved in a day, month or year of its calendar, how much of its production
 * it used and of its load it covered itself, and the CO2 its PV avoided: from the same energy rows
 * as its charts, so the kWh here are the kWh there.
 */
export function PlantEconomics({ plantId, plantName, timeZone }: { plantId: number; plantName: string; timeZone: string }) {
  const { t } = useTranslation();
  const period = usePlantPeriod<Dimension>(timeZone, 'month');
  const { dimension } = period;
  const query = usePlantEconomics({ id: plantId, dimension, ...period.fields });
  const data = query.data;
  const { money, percent } = useFigureFormat(data?.currency);

  const chart = useMemo(() => {
    if (!data) return undefined;
    const series = [
      ['exportRevenue', (b: Economics['buckets'][number]) => b.exportRevenue],
      ['savings', (b: Economics['buckets'][number]) => b.savings],
    ] as const;
    const shown = series.filter(([, value]) => data.buckets.some((b) => value(b) !== null));
    const labels = data.buckets.map((b) => (dimension === 'day' ? b.key.slice(11) : b.key));
    const spec: ChartSpec = {
      x: { kind: 'category', labels },
      y: { unit: data.currency },
      format: money,
      series: shown.map(([name, value]) => ({
        kind: 'bar',
        stacked: true,
        name: t(`owners.${name}`),
        data: byIndex(data.buckets.map((b) => value(b) ?? 0)),
      })),
    };
    const table = (): ExportTable => ({
      headers: [
        t('monitoring.period'),
        `${t('monitoring.energy.yield')} (kWh)`,
        `${t('monitoring.energy.export')} (kWh)`,
        `${t('owners.selfSupplied')} (kWh)`,
        `${t('owners.exportRevenue')} (${data.currency})`,
        `${t('owners.savings')} (${data.currency})`,
      ],
      rows: data.buckets.map((b) => [b.key, b.pv, b.feedin, b.selfSupplied, b.exportRevenue, b.savings]),
      timeZone,
    });
    return { spec, table, priced: shown.length > 0 };
  }, [data, dimension, money, t, timeZone]);

  if (query.isError && !data) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const total = data?.total;
  const moneyOf = (value: number | null | undefined) => (value === null || value === undefined ? '—' : money(value));
  const benefit =
    total && (total.exportRevenue !== null || total.savings !== null) ? (total.exportRevenue ?? 0) + (total.savings ?? 0) : null;
  const figures = total && [
    { key: 'exportRevenue', value: moneyOf(total.exportRevenue), hint: `${formatNumber(total.feedin, 1)} kWh` },
    { key: 'savings', value: moneyOf(total.savings), hint: `${formatNumber(total.selfSupplied, 1)} kWh` },
    { key: 'benefit', value: moneyOf(benefit) },
    {
      key: 'selfConsumption',
      value: percent(total.selfConsumptionRatio),
      hint: `${formatNumber(total.selfUsed, 1)} / ${formatNumber(total.produced, 1)} kWh`,
    },
    {
      key: 'autarky',
      value: percent(total.autarkyRatio),
      hint: `${formatNumber(total.selfSupplied, 1)} / ${formatNumber(total.loads, 1)} kWh`,
    },
    { key: 'co2Avoided', value: `${formatNumber(total.co2AvoidedKg, 1)} kg` },
    { key: 'trees', value: formatNumber(total.trees, 1) },
  ];

  return (
    <Flex vertical gap={12}>
      <PlantPeriodBar
        period={period}
        dimensions={['day', 'month', 'year'] as const}
        table={chart?.table}
        name={`${plantName}-${t('owners.title')}-${period.label}`}
      />
      {!figures ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {figures.map((figure) => (
              <Col key={figure.key} xs={12} md={8} xl={6} xxl={3}>
                <Statistic title={t(`owners.${figure.key}`)} value={figure.value} />
                {figure.hint && <Typography.Text type="secondary">{figure.hint}</Typography.Text>}
              </Col>
            ))}
          </Row>
          {!chart?.priced && <Alert type="info" showIcon title={t('owners.noPrices')} />}
          {chart?.priced ? (
            <Chart spec={chart.spec} height={260} label={t('owners.chartOf', { period: period.label })} />
          ) : total?.pv === 0 ? (
            <Empty description={t('monitoring.noData')} />
          ) : null}
          <Typography.Text type="secondary">
            {t('owners.factors', { co2: data?.factors.co2KgPerKwh, tree: data?.factors.co2KgPerTree })}
          </Typography.Text>
        </>
      )}
    </Flex>
  );
}
