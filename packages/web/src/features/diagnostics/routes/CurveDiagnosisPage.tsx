import { type IvScanSummary, type IvTaskDetail, routeByName } from '@sunstack/shared';
import { Alert, Button, Card, Flex, Progress, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Result } from '../../../components/Result.tsx';
import type { ExportTable } from '../../../lib/exportTable.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { useLocalPagination } from '../../../lib/pagination.ts';
import { saveTable } from '../../../lib/saveTable.ts';
import { useTab, useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useIvTask } from '../api/taskDetail.ts';
import { CauseTag } from '../components/CauseTag.tsx';
import { StringConfigDrawer } from '../components/StringConfigDrawer.tsx';

/** The plant report: a row per string with its cause, advice, key points and whether it was cleaned since; times in each plant's zone. */
function reportOf(task: IvTaskDetail, t: TFunction, language: string): ExportTable {
  const headers = [
    'plant',
    'inverter',
    'string',
    'scannedAt',
    'cause.label',
    'adviceColumn',
    'isc',
    'voc',
    'imp',
    'vmp',
    'pmax',
    'fillFactor',
    'cleanedSince',
  ].map((key) => t(`diagnostics.${key}`));
  const rows = task.scans.flatMap((scan) =>
    scan.strings.map((row) => [
      scan.plantName,
      scan.sn,
      row.string,
      scan.finishedAt === null ? null : formatDateTime(scan.finishedAt, language, scan.timeZone),
      t(`diagnostics.cause.${row.cause}`),
      t(`diagnostics.advice.${row.cause}`),
      row.keyPoints?.isc ?? null,
      row.keyPoints?.voc ?? null,
      row.keyPoints?.imp ?? null,
      row.keyPoints?.vmp ?? null,
      row.keyPoints ? Math.round(row.keyPoints.pmax) : null,
      row.keyPoints ? Math.round(row.keyPoints.fillFactor * 1000) / 1000 : null,
      row.cleanedAt === null ? '' : formatDateTime(row.cleanedAt, language, scan.timeZone),
    ]),
  );
  return { headers, rows, timeZone: 'UTC' };
}

/** IV curve diagnosis (spec /bus/plantMaintain/curveDiagnosis, hidden, 255): a task's inverters, their progress and each string's diagnosis. */
export default function CurveDiagnosisPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // The tab's own query, not the address: a tab in the background stays mounted while another tab's address is shown.
  const id = Number(useTab().query.id) || undefined;
  const task = useIvTask(id);
  const [configuring, setConfiguring] = useState<string | undefined>();
  const pagination = useLocalPagination(task.data?.scans.length ?? 0, 50);
  useTabBusy(task.isFetching);

  const state = (scan: IvScanSummary) => {
    if (scan.state === 'scanning') return <Progress percent={scan.progress ?? 0} size="small" status="active" />;
    const colour = { unconfigured: 'warning', done: 'success', failed: 'error' }[scan.state];
    const tag = <Tag color={colour}>{t(`diagnostics.state.${scan.state}`)}</Tag>;
    return scan.error ? <Tooltip title={scan.error}>{tag}</Tooltip> : tag;
  };
  const columns: ColumnsType<IvScanSummary> = [
    { title: t('diagnostics.inverter'), dataIndex: 'sn', width: 200 },
    { title: t('diagnostics.plant'), dataIndex: 'plantName', width: 160 },
    { title: t('diagnostics.stateColumn'), key: 'state', width: 160, render: (_, scan) => state(scan) },
    {
      title: t('diagnostics.strings'),
      key: 'strings',
      render: (_, scan) => (
        <Flex gap={4} wrap>
          {scan.strings.map((row) => (
            <Button
              key={row.string}
              size="small"
              type="text"
              onClick={() => navigate(`${routeByName('curve-detail').path}?scan=${scan.id}&string=${row.string}`)}
              aria-label={`${t('diagnostics.stringNumber', { n: row.string })}: ${t(`diagnostics.cause.${row.cause}`)}`}
            >
              <Typography.Text type="secondary">{row.string}</Typography.Text>
              <CauseTag cause={row.cause} />
              {row.cleanedAt !== null && <Tag>{t('diagnostics.cleaned')}</Tag>}
            </Button>
          ))}
        </Flex>
      ),
    },
    {
      title: t('diagnostics.scannedAt'),
      key: 'at',
      width: 170,
      render: (_, scan) => (scan.finishedAt === null ? '' : formatDateTime(scan.finishedAt, i18n.language, scan.timeZone)),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 140,
      render: (_, scan) =>
        scan.state === 'unconfigured' && (
          <Button size="small" onClick={() => setConfiguring(scan.sn)}>
            {t('diagnostics.configure')}
          </Button>
        ),
    },
  ];

  if (id === undefined || task.error instanceof ApiError) return <Result status="404" title={t('diagnostics.taskNotFound')} />;
  if (task.isError) return <LoadFailed error={task.error} onRetry={() => task.refetch()} />;
  if (!task.data) return <Skeleton active />;
  const { counts } = task.data;
  return (
    <Card
      variant="borderless"
      title={t('diagnostics.taskTitle', { id: task.data.id })}
      extra={
        <Flex gap={8}>
          <Button
            disabled={counts.done === 0}
            onClick={() => saveTable(reportOf(task.data, t, i18n.language), `iv-report-${task.data.id}`, 'xlsx')}
          >
            {t('diagnostics.report')}
          </Button>
          <Button onClick={() => navigate(routeByName('curve').path)}>{t('diagnostics.backToTasks')}</Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text>
          {t('diagnostics.taskSummary', {
            devices: counts.devices,
            done: counts.done,
            scanning: counts.scanning,
            failed: counts.failed,
            faulty: counts.faultyStrings,
            at: formatDateTime(task.data.createdAt, i18n.language),
          })}
        </Typography.Text>
        {counts.unconfigured > 0 && (
          <Alert type="warning" showIcon title={t('diagnostics.unconfiguredHint', { count: counts.unconfigured })} />
        )}
        <Table<IvScanSummary>
          rowKey="id"
          columns={columns}
          dataSource={task.data.scans}
          pagination={pagination}
          scroll={{ x: 1000 }}
          size="middle"
        />
      </Flex>
      <StringConfigDrawer open={configuring !== undefined} sn={configuring} onClose={() => setConfiguring(undefined)} />
    </Card>
  );
}
