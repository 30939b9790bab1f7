import { type AgingDeviceRow, type AgingRunSummary, type Language, routeByName } from '@sunstack/shared';
import { Button, Card, Descriptions, Flex, Grid, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useAgingRun, useAgingRuns } from '../api/aging.ts';
import { AgingRunDrawer } from '../components/AgingRunDrawer.tsx';
import { AgingStatusTag, agingReasonText } from '../components/AgingStatus.tsx';

/**
 * Ageing inverters (spec /bus/aging, 255): the burn-in runs, a new run, and the chosen run's devices with their live
 * status (judged every 30 s from what they report), the reason of a fail, and what each reported last.
 */
export default function AgingInverterPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  // Labels above their values on a phone: a long label leaves its value no room beside it.
  const narrow = Grid.useBreakpoint().md === false;
  const navigate = useNavigate();
  // The run opened with the tab (a link back from a device), then the one clicked: kept in the tab, not the address,
  // which would open a tab of its own for every run chosen.
  const [picked, choose] = useState<number | undefined>(Number(useTab().query.run) || undefined);
  const [drawer, setDrawer] = useState(false);
  const paging = usePagedFilters({});
  const runs = useAgingRuns(paging.query);
  const chosen = picked ?? runs.data?.runs[0]?.id;
  const run = useAgingRun(chosen);
  useTabBusy(runs.isFetching || run.isFetching);

  const runColumns: ColumnsType<AgingRunSummary> = [
    { title: t('aging.name'), dataIndex: 'name', width: 180 },
    {
      title: t('aging.state'),
      key: 'state',
      width: 120,
      render: (_, row) => <Tag color={row.state === 'running' ? 'processing' : 'default'}>{t(`aging.runStates.${row.state}`)}</Tag>,
    },
    { title: t('aging.startedAt'), key: 'startedAt', width: 170, render: (_, row) => formatDateTime(row.startedAt, i18n.language) },
    { title: t('aging.endsAt'), key: 'endsAt', width: 170, render: (_, row) => formatDateTime(row.endsAt, i18n.language) },
    {
      title: t('aging.result'),
      key: 'counts',
      render: (_, row) => t('aging.countsText', { ...row.counts }),
    },
  ];

  const deviceColumns: ColumnsType<AgingDeviceRow> = [
    {
      title: t('aging.sn'),
      dataIndex: 'sn',
      width: 190,
      render: (sn: string) => (
        <Typography.Link
          onClick={() => navigate(`${routeByName('aging-inverter-detail').path}?run=${chosen}&sn=${encodeURIComponent(sn)}`)}
        >
          {sn}
        </Typography.Link>
      ),
    },
    { title: t('aging.status'), key: 'status', width: 150, render: (_, row) => <AgingStatusTag status={row.status} /> },
    { title: t('aging.reason'), key: 'reason', width: 240, render: (_, row) => agingReasonText(row.reason, row.reasonValue, language, t) },
    {
      title: t('aging.latestOutput'),
      key: 'output',
      width: 120,
      render: (_, row) => (row.latest?.output == null ? '–' : `${formatNumber(row.latest.output, 2)} kW`),
    },
    {
      title: t('aging.latestTemperature'),
      key: 'temperature',
      width: 130,
      render: (_, row) => (row.latest?.temperature == null ? '–' : `${formatNumber(row.latest.temperature, 1)} °C`),
    },
    {
      title: t('aging.maxTemperatureSeen'),
      key: 'max',
      width: 130,
      render: (_, row) => (row.maxTemperature === null ? '–' : `${formatNumber(row.maxTemperature, 1)} °C`),
    },
    {
      title: t('aging.latestAt'),
      key: 'at',
      width: 170,
      render: (_, row) => (row.latest ? formatDateTime(row.latest.ts, i18n.language, row.timeZone) : '–'),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card
        variant="borderless"
        title={t('aging.runs')}
        extra={
          <Button type="primary" onClick={() => setDrawer(true)}>
            {t('aging.newRun')}
          </Button>
        }
      >
        <PagedTable<AgingRunSummary>
          rowKey="id"
          paging={paging}
          list={runs}
          rows={runs.data?.runs}
          total={runs.data?.total}
          columns={runColumns}
          scroll={{ x: 800 }}
          emptyText={t('aging.noRuns')}
          rowClassName={(row) => (row.id === chosen ? 'ant-table-row-selected' : '')}
          onRow={(row) => ({ onClick: () => choose(row.id), style: { cursor: 'pointer' } })}
        />
      </Card>
      {chosen !== undefined && (
        <Card variant="borderless" title={run.data ? `${run.data.name} · ${t(`aging.runStates.${run.data.state}`)}` : t('aging.run')}>
          {run.isError ? (
            <LoadFailed error={run.error} onRetry={() => run.refetch()} />
          ) : !run.data ? (
            <Skeleton active />
          ) : (
            <Flex vertical gap={12}>
              <Descriptions
                layout={narrow ? 'vertical' : 'horizontal'}
                size="small"
                column={{ xs: 1, md: 3 }}
                items={[
                  {
                    key: 'load',
                    label: t('aging.outputKw'),
                    children: `${formatNumber(run.data.outputKw, 2)} kW ± ${run.data.tolerancePct} %`,
                  },
                  { key: 'limit', label: t('aging.maxTemperature'), children: `${run.data.maxTemperature} °C` },
                  { key: 'counts', label: t('aging.result'), children: t('aging.countsText', { ...run.data.counts }) },
                ]}
              />
              <Table<AgingDeviceRow>
                size="middle"
                rowKey="sn"
                dataSource={run.data.devices}
                columns={deviceColumns}
                pagination={false}
                scroll={{ x: 1100 }}
              />
            </Flex>
          )}
        </Card>
      )}
      <AgingRunDrawer open={drawer} onClose={() => setDrawer(false)} onCreated={choose} />
    </Flex>
  );
}
