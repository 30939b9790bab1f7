import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Access, type BranchKind, type BranchSummary } from '@sunstack/shared';
import { Button, Card, Flex, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../api/countries.ts';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useBranchList } from '../api/listBranches.ts';
import { BranchDialog } from '../components/BranchDialog.tsx';

/**
 * Distributor management (spec section 3: number, name, country, organisation email, creation
 * time, and the sign-up code that joins accounts to the branch), and the same for agents.
 */
export function BranchPage({ kind }: { kind: BranchKind }) {
  const { t, i18n } = useTranslation();
  const isAdmin = useClientStore((state) => state.access === Access.admin);
  const countries = useCountries();
  const paging = usePagedFilters<{ name?: string; country?: string }>({});
  const list = useBranchList(kind, paging.query);
  useTabBusy(list.isFetching);
  const [dialog, setDialog] = useState<{ editing?: BranchSummary } | null>(null);
  const countryName = (code: string) => countries.data?.find((c) => c.code === code)?.name ?? code;

  const columns: ColumnsType<BranchSummary> = [
    { title: t('distributor.number'), dataIndex: 'id', width: 90 },
    { title: t('distributor.name'), dataIndex: 'name' },
    ...(kind === 'agent' ? [{ title: t('distributor.parent'), dataIndex: 'parentName' }] : []),
    { title: t('auth.country'), dataIndex: 'country', render: (code: string) => (code ? countryName(code) : '—') },
    { title: t('distributor.email'), dataIndex: 'email', render: (email: string) => email || '—' },
    {
      title: t('distributor.code'),
      dataIndex: 'code',
      render: (code: string) => (
        <Typography.Text code copyable={{ text: code }}>
          {code}
        </Typography.Text>
      ),
    },
    { title: t('distributor.accounts'), dataIndex: 'accounts', align: 'right' },
    {
      title: t('distributor.createdAt'),
      dataIndex: 'createdAt',
      render: (at: number) => formatDateTime(at, i18n.language),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, branch) => (
        <Permission code="organisation.edit">
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('distributor.edit', { name: branch.name })}
            onClick={() => setDialog({ editing: branch })}
          />
        </Permission>
      ),
    },
  ];

  return (
    <Card
      title={t(kind === 'agent' ? 'navBar.agent' : 'navBar.distributor')}
      variant="borderless"
      extra={
        <Permission code="organisation.add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
            {t(kind === 'agent' ? 'distributor.newAgent' : 'distributor.newDistributor')}
          </Button>
        </Permission>
      }
    >
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('distributor.searchName')}
          aria-label={t('distributor.searchName')}
          style={{ width: 240 }}
          onSearch={(name) => paging.setFilters({ name: name || undefined })}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('auth.country')}
          aria-label={t('auth.country')}
          style={{ width: 200 }}
          options={countries.data?.map((c) => ({ value: c.code, label: c.name }))}
          onChange={(country?: string) => paging.setFilters({ country })}
        />
      </Flex>
      <PagedTable
        rowKey="id"
        columns={columns}
        rows={list.data?.branches}
        total={list.data?.total}
        paging={paging}
        list={list}
        scroll={{ x: 960 }}
      />
      <BranchDialog
        kind={kind}
        open={dialog !== null}
        editing={dialog?.editing}
        chooseParent={kind === 'agent' && isAdmin}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}
