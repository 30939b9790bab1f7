import type { AgingDeviceRow, Language } from '@sunstack/shared';
import { Card, Descriptions, Flex, Grid, Skeleton, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { ExportMenu } from '../../../lib/ChartExport.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { exportAgingReport, useAgingRun, useAgingRuns } from '../api/aging.ts';
import { AgingRunSelect } from '../components/AgingRunSelect.tsx';
import { AgingStatusTag, agingReasonText } from '../components/AgingStatus.tsx';

/** Ageing report (spec /bus/aging, 255): a run's verdict per device with the reason, exportable as xlsx or CSV. */
export default function AgingReportPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  // Labels above their values on a phone: a long label leaves its value no room beside it.
  const narrow = Grid.useBreakpoint().md === false;
  const [picked, setPicked] = useState<number | undefined>();
  const runs = useAgingRuns({ currentPage: 1, pageSize: 50 });
  const runId = picked ?? runs.data?.runs[0]?.id;
  const run = useAgingRun(runId);
  useTabBusy(run.isFetching);

  const columns: ColumnsType<AgingDeviceRow> = [
    { title: t('aging.sn'), dataIndex: 'sn', width: 190 },
    { title: t('aging.status'), key: 'status', width: 150, render: (_, row) => <AgingStatusTag status={row.status} /> },
    { title: t('aging.reason'), key: 'reason', render: (_, row) => agingReasonText(row.reason, row.reasonValue, language, t) },
    {
      title: t('aging.meanOutput'),
      key: 'mean',
      width: 130,
      render: (_, row) => (row.meanOutput === null ? '–' : `${formatNumber(row.meanOutput, 2)} kW`),
    },
    {
      title: t('aging.maxTemperatureSeen'),
      key: 'max',
      width: 130,
      render: (_, row) => (row.maxTemperature === null ? '–' : `${formatNumber(row.maxTemperature, 1)} °C`),
    },
    { title: t('aging.samples'), dataIndex: 'samples', width: 100 },
  ];

  return (
    <Card
      variant="borderless"
      title={t('aging.reportTitle')}
      extra={<ExportMenu onExport={runId === undefined ? undefined : (format) => exportAgingReport(runId, format)} />}
    >
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <AgingRunSelect value={runId} onChange={setPicked} />
        </Flex>
        {runId === undefined ? (
          <Typography.Text type="secondary">{t('aging.noRuns')}</Typography.Text>
        ) : run.isError ? (
          <LoadFailed error={run.error} onRetry={() => run.refetch()} />
        ) : !run.data ? (
          <Skeleton active />
        ) : (
          <>
            <Descriptions
              layout={narrow ? 'vertical' : 'horizontal'}
              size="small"
              column={{ xs: 1, md: 3 }}
              items={[
                { key: 'state', label: t('aging.state'), children: t(`aging.runStates.${run.data.state}`) },
                { key: 'started', label: t('aging.startedAt'), children: formatDateTime(run.data.startedAt, i18n.language) },
                { key: 'ends', label: t('aging.endsAt'), children: formatDateTime(run.data.endsAt, i18n.language) },
                {
                  key: 'criteria',
                  label: t('aging.criteria'),
                  children: t('aging.criteriaText', {
                    output: formatNumber(run.data.outputKw, 2),
                    tolerance: run.data.tolerancePct,
                    temperature: run.data.maxTemperature,
                  }),
                },
                { key: 'counts', label: t('aging.result'), children: t('aging.countsText', { ...run.data.counts }) },
              ]}
            />
            <Table<AgingDeviceRow>
              size="middle"
              rowKey="sn"
              dataSource={run.data.devices}
              columns={columns}
              pagination={false}
              scroll={{ x: 900 }}
            />
          </>
        )}
      </Flex>
    </Card>
  );
}
