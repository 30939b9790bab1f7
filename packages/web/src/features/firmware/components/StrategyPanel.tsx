import type { StrategyStatus, UpgradeDeviceType, UpgradeStrategy } from '@sunstack/shared';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { paginationProps } from '../../../lib/pagination.ts';
import { type StrategyAction, useChangeStrategy } from '../api/changeStrategy.ts';
import { useStrategyList } from '../api/strategies.ts';
import { NewStrategyDialog } from './NewStrategyDialog.tsx';
import { TaskDrawer } from './TaskDrawer.tsx';

const STATUS_COLOURS: Record<StrategyStatus, string> = {
  preview: 'default',
  notice: 'default',
  waiting: 'gold',
  inProgress: 'processing',
  paused: 'warning',
  completed: 'success',
  aborted: 'error',
  cancelled: 'default',
  expired: 'default',
};

/** The buttons each status offers (approve only to the checker). */
function actionsOf(strategy: UpgradeStrategy): StrategyAction[] {
  if (strategy.status === 'waiting') return strategy.approvable ? ['approve', 'cancel'] : ['cancel'];
  if (strategy.status === 'inProgress') return ['pause', 'cancel'];
  if (strategy.status === 'paused') return ['resume', 'cancel'];
  return [];
}

/** Strategy upgrades (spec: strategy upgrade create and detail): a list, a new one, and each one's devices and buttons. */
export function StrategyPanel({ kind }: { kind: UpgradeDeviceType }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 as 10 | 20 | 50 });
  const list = useStrategyList(page, true);
  const change = useChangeStrategy();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<UpgradeStrategy>();
  const rows = list.data?.strategies.filter((row) => row.task.deviceType === kind);

  const buttons = (strategy: UpgradeStrategy) =>
    actionsOf(strategy).map((action) => (
      <Button
        key={action}
        size="small"
        danger={action === 'cancel'}
        type={action === 'approve' ? 'primary' : 'default'}
        loading={change.isPending}
        onClick={() => change.mutateAsync({ action, id: strategy.id }).catch(() => {})}
      >
        {t(`strategy.actions.${action}`)}
      </Button>
    ));

  const columns: ColumnsType<UpgradeStrategy> = [
    {
      title: t('strategy.name'),
      dataIndex: 'name',
      width: 180,
      render: (name: string, row) => (
        <Button type="link" size="small" onClick={() => setShown(row)} style={{ padding: 0 }}>
          {name}
        </Button>
      ),
    },
    {
      title: t('strategy.status'),
      dataIndex: 'status',
      width: 120,
      render: (status: StrategyStatus) => <Tag color={STATUS_COLOURS[status]}>{t(`strategy.statuses.${status}`)}</Tag>,
    },
    { title: t('upgrade.expectedVersion'), key: 'version', width: 100, render: (_, row) => row.task.expectedVersion },
    {
      title: t('strategy.wave'),
      key: 'wave',
      width: 110,
      render: (_, row) => `${row.currentWave + 1} / ${row.waves.length} (${row.waves[row.currentWave]} %)`,
    },
    ...(['total', 'completed', 'upgrading', 'failed', 'waiting'] as const).map((key) => ({
      title: t(`upgrade.counts.${key}`),
      key,
      width: 90,
      render: (_: unknown, row: UpgradeStrategy) => row.task.counts[key],
    })),
    { title: t('strategy.executor'), dataIndex: 'executor', width: 110 },
    { title: t('strategy.checker'), dataIndex: 'checker', width: 110 },
    { title: t('strategy.validTo'), dataIndex: 'validTo', width: 160, render: (ms: number) => formatDateTime(ms, i18n.language) },
    { title: t('common.actions'), key: 'actions', width: 170, fixed: 'right', render: (_, row) => <Flex gap={4}>{buttons(row)}</Flex> },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary">{t('strategy.intro')}</Typography.Text>
        <Button type="primary" onClick={() => setCreating(true)}>
          {t('strategy.new')}
        </Button>
      </Flex>
      {list.isError ? (
        <LoadFailed error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <Table<UpgradeStrategy>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={list.isLoading}
          locale={{ emptyText: t('strategy.none') }}
          scroll={{ x: 1500 }}
          pagination={paginationProps(
            t,
            { current: page.currentPage, pageSize: page.pageSize, total: list.data?.total ?? 0 },
            (currentPage, pageSize) => setPage({ currentPage, pageSize: pageSize as 10 | 20 | 50 }),
          )}
        />
      )}
      <NewStrategyDialog kind={kind} open={creating} onClose={() => setCreating(false)} />
      <TaskDrawer
        task={shown?.task}
        onClose={() => setShown(undefined)}
        extra={
          shown && (
            <Flex gap={8} align="center" wrap>
              <Tag color={STATUS_COLOURS[shown.status]}>{t(`strategy.statuses.${shown.status}`)}</Tag>
              {shown.statusReason && <Typography.Text type="secondary">{shown.statusReason}</Typography.Text>}
              <Typography.Text>
                {t('strategy.summary', {
                  waves: shown.waves.join(' → '),
                  success: shown.successThreshold,
                  failure: shown.failureThreshold,
                  retries: shown.retries,
                  rate: shown.ratePerMinute,
                })}
                {` · ${t('strategy.retryAfter', { minutes: shown.retryMinutes })}`}
              </Typography.Text>
              {buttons(shown)}
              <Typography.Text type="secondary" style={{ flexBasis: '100%' }}>
                {[
                  shown.trigger === 'version'
                    ? t('strategy.triggers.versionOf', { version: shown.triggerVersion })
                    : t('strategy.triggers.online'),
                  shown.triggerStart && shown.triggerEnd
                    ? t('strategy.windowUtc', { start: shown.triggerStart, end: shown.triggerEnd })
                    : t('strategy.windowAllDay'),
                  ...(['snPrefixes', 'fromVersions', 'countries'] as const)
                    .filter((limit) => shown.limits[limit].length > 0)
                    .map((limit) => `${t(`strategy.limits.${limit}`)}: ${shown.limits[limit].join(', ')}`),
                ].join(' · ')}
              </Typography.Text>
            </Flex>
          )
        }
      />
    </Flex>
  );
}
