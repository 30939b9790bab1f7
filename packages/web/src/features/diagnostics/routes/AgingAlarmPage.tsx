import { type AgingAlarm, type FaultSeverity, type Language, routeByName } from '@sunstack/shared';
import { Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alarmName } from '../../../components/alarm/alarmName.ts';
import { SeverityTag } from '../../../components/alarm/SeverityTag.tsx';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useAgingAlarms } from '../api/aging.ts';
import { AgingRunSelect } from '../components/AgingRunSelect.tsx';

/** Ageing alarms (spec /bus/aging, 255): what devices raised during their runs, newest first, of one run or all. */
export default function AgingAlarmPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const navigate = useNavigate();
  const paging = usePagedFilters<{ runId?: number }>({});
  const list = useAgingAlarms(paging.query);
  useTabBusy(list.isFetching);

  const columns: ColumnsType<AgingAlarm> = [
    { title: t('aging.run'), dataIndex: 'runName', width: 160 },
    {
      title: t('aging.sn'),
      dataIndex: 'sn',
      width: 190,
      render: (sn: string, row) => (
        <Typography.Link
          onClick={() => navigate(`${routeByName('aging-inverter-detail').path}?run=${row.runId}&sn=${encodeURIComponent(sn)}`)}
        >
          {sn}
        </Typography.Link>
      ),
    },
    { title: t('aging.alarm'), key: 'name', width: 260, render: (_, row) => `${row.code} ${alarmName(row.code, language, t)}` },
    {
      title: t('aging.severity'),
      key: 'severity',
      width: 110,
      render: (_, row) => <SeverityTag severity={row.severity as FaultSeverity} />,
    },
    {
      title: t('aging.raisedAt'),
      key: 'raised',
      width: 170,
      render: (_, row) => formatDateTime(row.raisedAt, i18n.language, row.timeZone),
    },
    {
      title: t('aging.clearedAt'),
      key: 'cleared',
      width: 170,
      render: (_, row) => (row.clearedAt === null ? '–' : formatDateTime(row.clearedAt, i18n.language, row.timeZone)),
    },
  ];

  return (
    <Card variant="borderless" title={t('aging.alarmsTitle')}>
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <AgingRunSelect allowClear value={paging.query.runId} onChange={(runId) => paging.setFilters({ runId })} />
        </Flex>
        <PagedTable<AgingAlarm>
          rowKey={(row) => `${row.runId}-${row.id}`}
          paging={paging}
          list={list}
          rows={list.data?.alarms}
          total={list.data?.total}
          columns={columns}
          scroll={{ x: 1060 }}
          emptyText={t('aging.noAlarms')}
        />
      </Flex>
    </Card>
  );
}
