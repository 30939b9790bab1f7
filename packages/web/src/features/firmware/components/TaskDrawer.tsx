import { UPGRADE_STATES, type UpgradeDevice, type UpgradeState, type UpgradeTask } from '@sunstack/shared';
import { Descriptions, Drawer, Flex, Progress, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paginationProps } from '../../../lib/pagination.ts';
import { useUpgradeDevices } from '../api/upgradeDevices.ts';
import { useUpgradeStream } from '../api/upgradeStream.ts';
import { plantTimeText } from './plantTimeText.ts';
import { ReasonText } from './ReasonText.tsx';
import { StateTag } from './StateTag.tsx';

/** A task as it runs: its live counts (its stream), and its devices' states, progress and reasons, page by page. */
export function TaskDrawer({ task, onClose, extra }: { task: UpgradeTask | undefined; onClose: () => void; extra?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const live = useUpgradeStream(task?.id) ?? task;
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 as 10 | 20 | 50 });
  const [state, setState] = useState<UpgradeState>();
  const devices = useUpgradeDevices({ id: task?.id ?? 0, ...page, state }, JSON.stringify(live?.counts), task !== undefined);
  const counts = live?.counts;

  const columns: ColumnsType<UpgradeDevice> = [
    { title: t('upgrade.sn'), dataIndex: 'sn', width: 200 },
    { title: t('upgrade.model'), dataIndex: 'model', width: 110, render: (model: string) => model || '—' },
    { title: t('upgrade.preVersion'), dataIndex: 'preVersion', width: 110, render: (version: string | null) => version ?? '—' },
    { title: t('upgrade.state'), dataIndex: 'state', width: 120, render: (value: UpgradeState) => <StateTag state={value} /> },
    {
      title: t('upgrade.progress'),
      key: 'progress',
      width: 180,
      render: (_, row) =>
        row.state === 'skipped' ? (
          t(`upgrade.skipReasons.${row.skipReason}`)
        ) : (
          <Progress
            percent={row.state === 'done' ? 100 : (row.progress ?? 0)}
            size="small"
            status={row.state === 'failed' ? 'exception' : row.state === 'done' ? 'success' : 'active'}
          />
        ),
    },
    {
      title: t('upgrade.reason'),
      dataIndex: 'error',
      render: (error: string | null) => <ReasonText error={error} />,
    },
    {
      title: t('upgrade.updatedAt'),
      dataIndex: 'updatedAt',
      width: 190,
      // In the device's plant's zone, with its offset (devices of one task may be in several zones).
      render: (ms: number, row) => plantTimeText(ms, i18n.language, row.timeZone),
    },
  ];

  return (
    <Drawer open={task !== undefined} title={live?.name} onClose={onClose} size={1000} destroyOnHidden>
      {live && counts && (
        <Flex vertical gap={16}>
          {extra}
          <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
            <Descriptions.Item label={t('upgrade.taskId')}>{live.id}</Descriptions.Item>
            <Descriptions.Item label={t('upgrade.expectedVersion')}>{live.expectedVersion}</Descriptions.Item>
            <Descriptions.Item label={t('upgrade.firmware')}>{live.firmwareName}</Descriptions.Item>
          </Descriptions>
          <Flex gap={24} wrap>
            {(['total', 'completed', 'upgrading', 'delivering', 'waiting', 'failed', 'skipped'] as const).map((key) => (
              <div key={key}>
                <Typography.Text type="secondary">{t(`upgrade.counts.${key}`)}</Typography.Text>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {counts[key]}
                </Typography.Title>
              </div>
            ))}
          </Flex>
          <Progress
            aria-label={t('upgrade.overall')}
            percent={
              counts.total - counts.skipped === 0
                ? 100
                : Math.round(((counts.completed + counts.failed) / (counts.total - counts.skipped)) * 100)
            }
            success={{
              percent: counts.total - counts.skipped === 0 ? 0 : Math.round((counts.completed / (counts.total - counts.skipped)) * 100),
            }}
          />
          <Select
            allowClear
            placeholder={t('upgrade.state')}
            aria-label={t('upgrade.state')}
            style={{ width: 180 }}
            options={UPGRADE_STATES.map((value) => ({ value, label: t(`upgrade.states.${value}`) }))}
            onChange={(value?: UpgradeState) => {
              setState(value);
              setPage((current) => ({ ...current, currentPage: 1 }));
            }}
          />
          <Table<UpgradeDevice>
            rowKey="sn"
            size="small"
            columns={columns}
            dataSource={devices.data?.devices}
            loading={devices.isLoading}
            scroll={{ x: 1000 }}
            pagination={paginationProps(
              t,
              { current: page.currentPage, pageSize: page.pageSize, total: devices.data?.total ?? 0 },
              (currentPage, pageSize) => setPage({ currentPage, pageSize: pageSize as 10 | 20 | 50 }),
            )}
          />
        </Flex>
      )}
    </Drawer>
  );
}
