import { routeByName, TREND_DIMENSIONS, type TrendDimension, type TrendResult } from '@sunstack/shared';
import { Card, DatePicker, Flex, Segmented, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { byIndex, Chart, type ChartSpec } from '../../../components/Chart.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { formatGrouped } from '../../../lib/format.ts';
import { useLocalPagination } from '../../../lib/pagination.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useTrend } from '../api/fleet.ts';

type Measure = 'plants' | 'devices' | 'kwp';
const MEASURES: Measure[] = ['plants', 'devices', 'kwp'];

/** Growth against the same month a year before, or none when there was nothing then. */
const growth = (now: number, before: number) => (before > 0 ? (now - before) / before : null);

/**
 * Installation trends (`/bus/other/trend`, agents, distributors and administrators): new plants, devices
 * and installed kWp per month in the caller's scope (each plant's own calendar), as a chart and a table, by
 * branch, country, series or model, with the growth against the same month a year before.
 */
export default function TrendPage() {
  const { t } = useTranslation();
  const tab = useTab();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(11, 'month'), dayjs()]);
  const [by, setBy] = useState<TrendDimension>('none');
  const [measure, setMeasure] = useState<Measure>('plants');
  const body = { from: range[0].startOf('month').format('YYYY-MM-DD'), to: range[1].startOf('month').format('YYYY-MM-DD'), by };
  const trend = useTrend(body);
  useTabBusy(trend.isLoading || trend.isPlaceholderData);
  const label = (key: string) => (by === 'none' ? t('trend.all') : key || '—');

  return (
    <Card title={t(`navBar.${routeByName(tab.name).title}`)} variant="borderless">
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          picker="month"
          value={range}
          allowClear={false}
          aria-label={t('report.period')}
          onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])}
        />
        <Select<TrendDimension>
          value={by}
          aria-label={t('trend.by')}
          style={{ width: 160 }}
          onChange={setBy}
          options={TREND_DIMENSIONS.map((value) => ({ value, label: t(`trend.dimensions.${value}`) }))}
        />
        <Segmented<Measure>
          value={measure}
          onChange={setMeasure}
          options={MEASURES.map((value) => ({ value, label: t(`trend.measures.${value}`) }))}
        />
      </Flex>
      {trend.isError ? (
        <LoadFailed error={trend.error} onRetry={() => trend.refetch()} />
      ) : (
        <>
          <Chart label={t('trend.chart')} spec={chartOf(trend.data, measure, label, t('trend.lastYear'))} />
          <TrendTable trend={trend.data} measure={measure} label={label} loading={trend.isLoading} />
        </>
      )}
      <Typography.Text type="secondary">{t('trend.hint')}</Typography.Text>
    </Card>
  );
}

/** Bars per group and month, and the whole scope's line a year before. */
function chartOf(trend: TrendResult | undefined, measure: Measure, label: (key: string) => string, lastYear: string): ChartSpec {
  const months = trend?.months.map((month) => month.slice(0, 7)) ?? [];
  const groups = trend?.groups ?? [];
  return {
    x: { kind: 'category', labels: months },
    y: {},
    series: [
      ...groups.map((group) => ({
        kind: 'bar' as const,
        stacked: true,
        name: label(group.key),
        data: byIndex(group.months.map((m) => m[measure])),
      })),
      {
        kind: 'line' as const,
        name: lastYear,
        dots: true,
        data: byIndex(months.map((_, i) => groups.reduce((sum, group) => sum + (group.months[i]?.lastYear[measure] ?? 0), 0))),
      },
    ],
  };
}

type TrendRow = { key: string; month: string; value: number; lastYear: number };

function TrendTable({
  trend,
  measure,
  label,
  loading,
}: {
  trend: TrendResult | undefined;
  measure: Measure;
  label: (key: string) => string;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const rows: TrendRow[] =
    trend?.groups.flatMap((group) =>
      group.months.map((m, i) => ({ key: group.key, month: trend.months[i] ?? '', value: m[measure], lastYear: m.lastYear[measure] })),
    ) ?? [];
  const pagination = useLocalPagination(rows.length, 20);
  const columns: ColumnsType<TrendRow> = [
    { title: t('trend.month'), dataIndex: 'month', render: (month: string) => month.slice(0, 7) },
    { title: t('trend.group'), dataIndex: 'key', render: label },
    { title: t(`trend.measures.${measure}`), dataIndex: 'value', align: 'right', render: (v: number) => formatGrouped(v, 2) },
    { title: t('trend.lastYear'), dataIndex: 'lastYear', align: 'right', render: (v: number) => formatGrouped(v, 2) },
    {
      title: t('trend.growth'),
      key: 'growth',
      align: 'right',
      render: (_, row) => {
        const g = growth(row.value, row.lastYear);
        return g === null ? '—' : `${g >= 0 ? '+' : ''}${formatGrouped(g * 100, 1)} %`;
      },
    },
  ];
  return (
    <Table<TrendRow>
      size="small"
      rowKey={(row) => `${row.key}-${row.month}`}
      dataSource={rows}
      columns={columns}
      loading={loading}
      pagination={pagination}
      // Five columns: on a phone the table scrolls sideways instead of wrapping the months ("2025-" over "12").
      scroll={{ x: 600 }}
    />
  );
}
