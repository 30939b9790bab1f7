import { UPGRADE_SWITCH_OF, type UpgradeDeviceType, type UpgradeTask } from '@sunstack/shared';
import { Button, Card, Flex, Popconfirm, Segmented, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useDeleteUpgrades } from '../api/deleteUpgrades.ts';
import { useUpgradeList } from '../api/listUpgrades.ts';
import { NewTaskDialog } from './NewTaskDialog.tsx';
import { StrategyPanel } from './StrategyPanel.tsx';
import { TaskDrawer } from './TaskDrawer.tsx';

/**
 * Upgrade tasks of some device kinds (the remote upgrade screen: inverter, battery, EMS, smart gateway, heat pump; the
 * module upgrade screens: the datalogger itself): a new one for one device or a batch, each task's live counts and its
 * devices' states, and strategy upgrades for whoever may make them.
 */
export function UpgradeTasks({ title, kinds, intro }: { title: string; kinds: readonly UpgradeDeviceType[]; intro: string }) {
  const { t, i18n } = useTranslation();
  const first = kinds[0] as UpgradeDeviceType;
  const [kind, setKind] = useState<UpgradeDeviceType>(first);
  const paging = usePagedFilters<{ deviceType: UpgradeDeviceType }>({ deviceType: first });
  const list = useUpgradeList(paging.query);
  const remove = useDeleteUpgrades();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<UpgradeTask>();
  const [selected, setSelected] = useState<number[]>([]);
  const mayStrategy = useClientStore((state) => state.buttons.includes('strategy.upgrade'));
  useTabBusy(list.isFetching);

  const columns: ColumnsType<UpgradeTask> = [
    { title: t('upgrade.taskId'), dataIndex: 'id', width: 80 },
    {
      title: t('upgrade.name'),
      dataIndex: 'name',
      width: 200,
      render: (name: string, task) => (
        <Button type="link" size="small" onClick={() => setShown(task)} style={{ padding: 0 }}>
          {name}
        </Button>
      ),
    },
    { title: t('upgrade.expectedVersion'), dataIndex: 'expectedVersion', width: 110 },
    { title: t('upgrade.firmware'), dataIndex: 'firmwareName', width: 180 },
    ...(['total', 'completed', 'upgrading', 'failed', 'skipped'] as const).map((key) => ({
      title: t(`upgrade.counts.${key}`),
      key,
      width: 95,
      render: (_: unknown, task: UpgradeTask) => task.counts[key],
    })),
    {
      title: t('upgrade.status'),
      key: 'running',
      width: 110,
      render: (_, task) => (
        <Tag color={task.running ? 'processing' : 'default'}>{t(task.running ? 'upgrade.running' : 'upgrade.finished')}</Tag>
      ),
    },
    { title: t('upgrade.createdBy'), dataIndex: 'createdBy', width: 120 },
    { title: t('upgrade.time'), dataIndex: 'createdAt', width: 170, render: (ms: number) => formatDateTime(ms, i18n.language) },
  ];

  return (
    <Card
      variant="borderless"
      title={title}
      extra={
        <Flex gap={8}>
          <Permission code="upgrade.taskBatchDelete">
            <Popconfirm
              title={t('upgrade.deleteQuestion', { count: selected.length })}
              okText={t('upgrade.delete')}
              cancelText={t('firmware.cancel')}
              disabled={selected.length === 0}
              onConfirm={() =>
                remove
                  .mutateAsync(selected)
                  .then(() => setSelected([]))
                  .catch(() => {})
              }
            >
              <Button danger disabled={selected.length === 0}>
                {t('upgrade.deleteSelected', { count: selected.length })}
              </Button>
            </Popconfirm>
          </Permission>
          <Permission code={UPGRADE_SWITCH_OF[kind]}>
            <Button type="primary" onClick={() => setCreating(true)}>
              {t('upgrade.new')}
            </Button>
          </Permission>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        {/* Five kinds do not fit a phone's width: the switch scrolls sideways instead of widening the page. */}
        {kinds.length > 1 && (
          <div style={{ overflowX: 'auto', maxWidth: '100%' }}>
            <Segmented<UpgradeDeviceType>
              value={kind}
              options={kinds.map((type) => ({ value: type, label: t(`firmware.deviceTypes.${type}`) }))}
              onChange={(type) => {
                setKind(type);
                setSelected([]);
                paging.setFilters({ deviceType: type });
              }}
            />
          </div>
        )}
        <Tabs
          items={[
            {
              key: 'tasks',
              label: t('upgrade.tasks'),
              children: (
                <Flex vertical gap={12}>
                  <Typography.Text type="secondary">{intro}</Typography.Text>
                  <PagedTable<UpgradeTask>
                    rowKey="id"
                    paging={paging}
                    list={list}
                    rows={list.data?.tasks}
                    total={list.data?.total}
                    columns={columns}
                    scroll={{ x: 1400 }}
                    emptyText={t('upgrade.none')}
                    rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
                  />
                </Flex>
              ),
            },
            ...(mayStrategy ? [{ key: 'strategies', label: t('strategy.title'), children: <StrategyPanel kind={kind} /> }] : []),
          ]}
        />
      </Flex>
      <NewTaskDialog kind={kind} open={creating} onClose={() => setCreating(false)} />
      <TaskDrawer task={shown} onClose={() => setShown(undefined)} />
    </Card>
  );
}
