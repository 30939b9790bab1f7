import { type IvTaskSummary, routeByName } from '@sunstack/shared';
import { Button, Flex, Progress, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActionCard } from '../../../components/ActionCard.tsx';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useIvTasks } from '../api/listTasks.ts';
import { ScanTaskDrawer } from '../components/ScanTaskDrawer.tsx';
import { StringConfigDrawer } from '../components/StringConfigDrawer.tsx';

/** IV curves (spec /bus/plantMaintain/curve, 255): the scan tasks with their progress; start one; configure an inverter's strings. */
export default function CurvePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const paging = usePagedFilters({});
  const list = useIvTasks(paging.query);
  const [scanning, setScanning] = useState(false);
  const [configuring, setConfiguring] = useState(false);
  useTabBusy(list.isFetching);

  const columns: ColumnsType<IvTaskSummary> = [
    { title: t('diagnostics.task'), dataIndex: 'id', width: 80 },
    { title: t('diagnostics.createdAt'), key: 'at', width: 170, render: (_, task) => formatDateTime(task.createdAt, i18n.language) },
    { title: t('diagnostics.createdBy'), dataIndex: 'createdBy', width: 140 },
    { title: t('diagnostics.devices'), key: 'devices', width: 110, render: (_, { counts }) => counts.devices },
    {
      title: t('diagnostics.progress'),
      key: 'progress',
      width: 200,
      render: (_, { counts }) => {
        const scanned = counts.devices - counts.unconfigured;
        const finished = counts.done + counts.failed;
        return (
          <Progress
            percent={scanned === 0 ? 100 : Math.round((finished / scanned) * 100)}
            size="small"
            status={counts.failed > 0 ? 'exception' : undefined}
          />
        );
      },
    },
    { title: t('diagnostics.unconfigured'), key: 'unconfigured', width: 130, render: (_, { counts }) => counts.unconfigured },
    { title: t('diagnostics.faultyStrings'), key: 'faulty', width: 130, render: (_, { counts }) => counts.faultyStrings },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_, task) => (
        <Button size="small" onClick={() => navigate(`${routeByName('curve-diagnosis').path}?id=${task.id}`)}>
          {t('diagnostics.openTask')}
        </Button>
      ),
    },
  ];

  const actions = (
    <Flex gap={8} wrap>
      <Permission code="ivCurve.configure">
        <Button onClick={() => setConfiguring(true)}>{t('diagnostics.configure')}</Button>
      </Permission>
      <Button type="primary" onClick={() => setScanning(true)}>
        {t('diagnostics.newScan')}
      </Button>
    </Flex>
  );

  return (
    <ActionCard title={t('navBar.curve')} actions={actions}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('diagnostics.intro')}</Typography.Text>
        <PagedTable<IvTaskSummary>
          rowKey="id"
          paging={paging}
          list={list}
          rows={list.data?.tasks}
          total={list.data?.total}
          columns={columns}
          scroll={{ x: 1000 }}
          emptyText={t('diagnostics.noTasks')}
        />
      </Flex>
      <ScanTaskDrawer open={scanning} onClose={() => setScanning(false)} />
      <StringConfigDrawer open={configuring} onClose={() => setConfiguring(false)} />
    </ActionCard>
  );
}
