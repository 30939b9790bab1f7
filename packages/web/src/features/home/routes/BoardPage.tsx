import { FullscreenOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { PlantStatus } from '@sunstack/shared';
import { Button, Card, Flex, Progress, Table, Tooltip, Typography, theme } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantOverview } from '../../../api/plantOverview.ts';
import { displayValue } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { FleetSummaryCard } from '../components/FleetSummaryCard.tsx';

/** The board shows the plants of the first page of this size, strongest producers first. */
const BOARD_PLANTS = 50;

/**
 * The board (/bus/dataView): a fleet overview for a wall display. The figures refresh by
 * themselves; "full screen" hides the console around it.
 */
export default function BoardPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const board = useRef<HTMLDivElement>(null);
  const overview = usePlantOverview({ currentPage: 1, pageSize: BOARD_PLANTS });
  useTabBusy(overview.isFetching);
  const plants = [...(overview.data?.plants ?? [])].sort((a, b) => b.power - a.power);

  return (
    <div ref={board} style={{ background: token.colorBgLayout, padding: 8, overflow: 'auto' }}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
            {t('navBar.board')}
          </Typography.Title>
          <Button icon={<FullscreenOutlined />} onClick={() => void board.current?.requestFullscreen?.()}>
            {t('monitoring.fullScreen')}
          </Button>
        </Flex>
        <FleetSummaryCard />
        <Card title={t('monitoring.plantsNow')} variant="borderless">
          <Table
            size="small"
            rowKey="id"
            loading={overview.isPending}
            pagination={false}
            scroll={{ x: 720 }}
            dataSource={plants}
            columns={[
              { title: t('plant.name'), dataIndex: 'name' },
              { title: t('plant.statusLabel'), dataIndex: 'status', render: (status: PlantStatus) => t(`plant.status.${status}`) },
              {
                title: t('monitoring.currentPower'),
                dataIndex: 'power',
                align: 'right',
                render: (kw: number) => `${displayValue(kw)} kW`,
              },
              {
                // Power against the plant's own installed peak: a figure that means the same on every
                // board and at every moment (a bar against the fleet's best of the moment did not).
                title: (
                  <Tooltip title={t('monitoring.shareOfPeakHint')}>
                    <span>
                      {t('monitoring.shareOfPeak')} <InfoCircleOutlined />
                    </span>
                  </Tooltip>
                ),
                key: 'shareOfPeak',
                width: 200,
                render: (_, plant) => {
                  if (!plant.systemSizeKw) return '—';
                  const share = (100 * plant.power) / plant.systemSizeKw;
                  return <Progress percent={Math.min(100, share)} size="small" format={() => `${displayValue(share, 0)} %`} />;
                },
              },
              {
                title: t('monitoring.todayYield'),
                dataIndex: 'todayYield',
                align: 'right',
                render: (kwh: number) => `${displayValue(kwh)} kWh`,
              },
            ]}
          />
        </Card>
      </Flex>
    </div>
  );
}
