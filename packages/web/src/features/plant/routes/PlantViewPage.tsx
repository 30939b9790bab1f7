import type { PlantOverview, PlantStatus } from '@sunstack/shared';
import { Card, Flex, Input, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePlantOverview } from '../../../api/plantOverview.ts';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { PlantStatusTag } from '../../../components/PlantStatusTag.tsx';
import { displayValue } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';

type Row = PlantOverview['plants'][number];
const nowrap = { whiteSpace: 'nowrap' } as const;

/** Plant view (/bus/plant/view): every plant in scope with its status and production now, today and in all. */
export default function PlantViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paging = usePagedFilters<{ name?: string }>({});
  const overview = usePlantOverview(paging.query);
  useTabBusy(overview.isFetching);

  const columns: ColumnsType<Row> = [
    { title: t('plant.statusLabel'), dataIndex: 'status', render: (status: PlantStatus) => <PlantStatusTag status={status} /> },
    {
      title: t('plant.name'),
      dataIndex: 'name',
      render: (name: string, plant) => (
        <Typography.Link onClick={() => navigate(`/bus/plant/detail?id=${plant.id}`)}>{name}</Typography.Link>
      ),
    },
    { title: t('userCenter.city'), dataIndex: 'city', render: (city: string) => city || '—' },
    {
      title: t('plant.systemSize'),
      dataIndex: 'systemSizeKw',
      align: 'right',
      render: (size: number | null) => (size === null ? '—' : <span style={nowrap}>{`${size} kW`}</span>),
    },
    {
      title: t('monitoring.currentPower'),
      dataIndex: 'power',
      align: 'right',
      render: (kw: number) => <span style={nowrap}>{`${displayValue(kw)} kW`}</span>,
    },
    {
      title: t('monitoring.todayYield'),
      dataIndex: 'todayYield',
      align: 'right',
      render: (kwh: number) => <span style={nowrap}>{`${displayValue(kwh)} kWh`}</span>,
    },
    {
      title: t('monitoring.lifetimeYield'),
      dataIndex: 'lifetimeYield',
      align: 'right',
      render: (kwh: number) => <span style={nowrap}>{`${displayValue(kwh)} kWh`}</span>,
    },
  ];

  return (
    <Card title={t('navBar.plantView')} variant="borderless">
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('plant.searchName')}
          aria-label={t('plant.searchName')}
          style={{ maxWidth: 280 }}
          onSearch={(name) => paging.setFilters({ name: name.trim() || undefined })}
        />
      </Flex>
      <PagedTable
        rowKey="id"
        columns={columns}
        rows={overview.data?.plants}
        total={overview.data?.total}
        paging={paging}
        list={overview}
        scroll={{ x: 860 }}
      />
    </Card>
  );
}
