import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Access,
  PRODUCT_TYPES,
  QUESTION_CATEGORIES,
  WORK_ORDER_STATUSES,
  type WorkOrderFilters,
  type WorkOrderSummary,
} from '@sunstack/shared';
import { Button, Checkbox, Flex, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ActionCard } from '../../../components/ActionCard.tsx';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { exportWorkOrders, useWorkOrders } from '../api/listWorkOrders.ts';
import { productLabel } from '../components/labels.ts';
import { WorkOrderStatusTag } from '../components/WorkOrderStatusTag.tsx';

const HANDLERS: readonly number[] = [Access.installer, Access.agent, Access.distributor, Access.admin];

/** Work orders the caller filed or handles (spec section 2, "work order list"): filters, search, export to xlsx. */
export default function WorkOrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { language, access } = useClientStore();
  const paging = usePagedFilters<Partial<WorkOrderFilters>>({});
  const { query, setFilters } = paging;
  const list = useWorkOrders(query);
  useTabBusy(list.isFetching);
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    const { currentPage: _, pageSize: __, ...filters } = query;
    await exportWorkOrders(filters).catch(() => {});
    setExporting(false);
  };
  const open = (id: number) => navigate(`/bus/workOrder/detail?id=${id}`);

  const columns: ColumnsType<WorkOrderSummary> = [
    { title: t('workOrder.number'), dataIndex: 'id', width: 72 },
    {
      title: t('workOrder.title'),
      dataIndex: 'title',
      render: (title: string, row) => <Typography.Link onClick={() => open(row.id)}>{title}</Typography.Link>,
    },
    { title: t('workOrder.status'), dataIndex: 'status', render: (status) => <WorkOrderStatusTag status={status} /> },
    { title: t('workOrder.questionCategory'), dataIndex: 'questionCategory', render: (c: string) => t(`workOrder.categories.${c}`) },
    { title: t('workOrder.productType'), dataIndex: 'productType', render: (p: string) => productLabel(t, p) },
    { title: t('workOrder.plant'), dataIndex: 'plantName' },
    { title: t('workOrder.device'), dataIndex: 'deviceSn', render: (sn: string | null) => sn ?? '—' },
    { title: t('workOrder.createdBy'), dataIndex: 'createdBy' },
    { title: t('workOrder.assignee'), dataIndex: 'assignee', render: (name: string | null) => name ?? '—' },
    {
      title: t('workOrder.updated'),
      dataIndex: 'updatedAt',
      render: (at: number, row) => formatDateTime(at, language, row.timeZone),
    },
  ];

  const actions = (
    <Flex gap={8} wrap>
      <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
        {t('workOrder.export')}
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/bus/workOrder/create')}>
        {t('workOrder.new')}
      </Button>
    </Flex>
  );

  return (
    <ActionCard title={t('navBar.workOrderList')} actions={actions}>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('workOrder.search')}
          aria-label={t('workOrder.search')}
          style={{ width: 320 }}
          onSearch={(search) => setFilters({ search: search || undefined })}
        />
        <Select
          allowClear
          placeholder={t('workOrder.status')}
          aria-label={t('workOrder.status')}
          style={{ width: 150 }}
          options={WORK_ORDER_STATUSES.map((status) => ({ value: status, label: t(`workOrder.statuses.${status}`) }))}
          onChange={(status?: WorkOrderFilters['status']) => setFilters({ status })}
        />
        <Select
          allowClear
          placeholder={t('workOrder.questionCategory')}
          aria-label={t('workOrder.questionCategory')}
          style={{ width: 180 }}
          options={QUESTION_CATEGORIES.map((category) => ({ value: category, label: t(`workOrder.categories.${category}`) }))}
          onChange={(questionCategory?: WorkOrderFilters['questionCategory']) => setFilters({ questionCategory })}
        />
        <Select
          allowClear
          placeholder={t('workOrder.productType')}
          aria-label={t('workOrder.productType')}
          style={{ width: 160 }}
          options={PRODUCT_TYPES.map((product) => ({ value: product, label: productLabel(t, product) }))}
          onChange={(productType?: WorkOrderFilters['productType']) => setFilters({ productType })}
        />
        {HANDLERS.includes(access) && (
          <Checkbox onChange={(event) => setFilters({ mine: event.target.checked || undefined })}>{t('workOrder.mine')}</Checkbox>
        )}
      </Flex>
      <PagedTable<WorkOrderSummary>
        rowKey="id"
        paging={paging}
        list={list}
        rows={list.data?.workOrders}
        total={list.data?.total}
        columns={columns}
        emptyText={t('workOrder.empty')}
        scroll={{ x: 1100 }}
      />
    </ActionCard>
  );
}
