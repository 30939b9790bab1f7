import { DeleteOutlined, EditOutlined, GlobalOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { PLANT_TYPES, type PlantSummary } from '@sunstack/shared';
import { Button, Card, Flex, Input, Modal, message, Popconfirm, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCountries } from '../../../api/countries.ts';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { PlantStatusTag } from '../../../components/PlantStatusTag.tsx';
import { ExportMenu } from '../../../lib/ChartExport.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatNumber } from '../../../lib/format.ts';
import { ApiError, errnoMessage } from '../../../lib/http.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useDeletePlant } from '../api/deletePlant.ts';
import { exportPlants } from '../api/exportPlants.ts';
import { usePlantList } from '../api/listPlants.ts';

/** Errno of "too frequent site deletion": ask, then delete with confirm. */
const DELETE_TOO_FREQUENT = 41904;

export default function PlantListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menus = useClientStore((state) => state.menus);
  const canAdd = menus.includes('plant-add');
  const canEdit = menus.includes('plant-edit');
  const canLink = menus.includes('plant-link-sn');
  const canMap = menus.includes('plant-map');
  const countries = useCountries();
  const paging = usePagedFilters<{ name?: string; country?: string; type?: (typeof PLANT_TYPES)[number] }>({});
  const { query, setFilters } = paging;
  const list = usePlantList(query);
  const remove = useDeletePlant();
  useTabBusy(list.isFetching);
  const countryName = (code: string) => countries.data?.find((c) => c.code === code)?.name ?? code;

  const onDelete = async (plant: PlantSummary, confirm = false) => {
    try {
      await remove.mutateAsync({ id: plant.id, confirm });
      void message.success(t('plant.deleted', { name: plant.name }));
    } catch (error) {
      if (error instanceof ApiError && error.errno === DELETE_TOO_FREQUENT) {
        Modal.confirm({
          title: t('plant.deleteTooFrequentTitle'),
          content: errnoMessage(error.errno),
          okText: t('plant.deleteAnyway'),
          okButtonProps: { danger: true },
          onOk: () => onDelete(plant, true),
        });
      } else if (error instanceof ApiError) {
        void message.error(errnoMessage(error.errno));
      }
    }
  };

  const columns: ColumnsType<PlantSummary> = [
    {
      title: t('plant.name'),
      dataIndex: 'name',
      render: (name: string, plant) => (
        <Typography.Link onClick={() => navigate(`/bus/plant/detail?id=${plant.id}`)}>{name}</Typography.Link>
      ),
    },
    { title: t('plant.statusLabel'), dataIndex: 'status', render: (status: PlantSummary['status']) => <PlantStatusTag status={status} /> },
    { title: t('plant.type'), dataIndex: 'type', render: (type: string) => t(`plant.types.${type}`) },
    {
      title: t('plant.location'),
      key: 'location',
      render: (_, plant) => [plant.city, countryName(plant.country)].filter(Boolean).join(', '),
    },
    {
      title: t('plant.systemSize'),
      dataIndex: 'systemSizeKw',
      align: 'right',
      render: (kw: number | null) => (kw === null ? '—' : `${formatNumber(kw, 1)} kW`),
    },
    { title: t('plant.installer'), dataIndex: 'installer', render: (name: string) => name || '—' },
    { title: t('plant.owner'), dataIndex: 'owner', render: (name: string) => name || '—' },
    { title: t('plant.dataloggers'), dataIndex: 'dataloggers', align: 'right' },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, plant) =>
        plant.writable && (
          <Flex gap={4}>
            {canEdit && (
              <Permission code="site.edit">
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('plant.editNamed', { name: plant.name })}
                  onClick={() => navigate(`/bus/plant/edit?id=${plant.id}`)}
                />
              </Permission>
            )}
            <Permission code="site.delete">
              <Popconfirm
                title={t('plant.deleteConfirm', { name: plant.name })}
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(plant)}
              >
                <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('plant.delete', { name: plant.name })} />
              </Popconfirm>
            </Permission>
          </Flex>
        ),
    },
  ];

  return (
    <Card title={t('navBar.plant')} variant="borderless">
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('plant.searchName')}
          aria-label={t('plant.searchName')}
          style={{ width: 240 }}
          onSearch={(name) => setFilters({ name: name || undefined })}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('auth.country')}
          aria-label={t('auth.country')}
          style={{ width: 200 }}
          options={countries.data?.map((c) => ({ value: c.code, label: c.name }))}
          onChange={(country?: string) => setFilters({ country })}
        />
        <Select
          allowClear
          placeholder={t('plant.type')}
          aria-label={t('plant.type')}
          style={{ width: 180 }}
          options={PLANT_TYPES.map((type) => ({ value: type, label: t(`plant.types.${type}`) }))}
          onChange={(type?: (typeof PLANT_TYPES)[number]) => setFilters({ type })}
        />
        {/* The screen's actions share the filter row rather than the card header, which a phone cannot fit. */}
        <Flex gap={8} wrap style={{ marginLeft: 'auto' }}>
          <ExportMenu onExport={(format) => exportPlants({ name: query.name, country: query.country, type: query.type, format })} />
          {canMap && (
            <Button icon={<GlobalOutlined />} onClick={() => navigate('/bus/plant/gaudeMap')}>
              {t('plantMap.open')}
            </Button>
          )}
          {canLink && (
            <Button icon={<LinkOutlined />} onClick={() => navigate('/bus/plant/linkSn')}>
              {t('navBar.linkSn')}
            </Button>
          )}
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/bus/plant/add')}>
              {t('navBar.plantAdd')}
            </Button>
          )}
        </Flex>
      </Flex>
      <PagedTable
        rowKey="id"
        columns={columns}
        rows={list.data?.plants}
        total={list.data?.total}
        paging={paging}
        list={list}
        scroll={{ x: 960 }}
      />
    </Card>
  );
}
