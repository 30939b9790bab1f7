import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { GROUP_KINDS, type GroupKind, type GroupSummary } from '@sunstack/shared';
import { Button, Card, Flex, Input, message, Popconfirm, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useDeleteGroup } from '../api/deleteGroup.ts';
import { useGroupList } from '../api/listGroups.ts';
import { GroupDialog } from '../components/GroupDialog.tsx';
import { GroupMembersDrawer } from '../components/GroupMembersDrawer.tsx';

/** Group management (spec section 2, /bus/group/management): named groups of plants or devices for batch operations. */
export default function GroupPage() {
  const { t, i18n } = useTranslation();
  const paging = usePagedFilters<{ name?: string; kind?: GroupKind }>({});
  const list = useGroupList(paging.query);
  const remove = useDeleteGroup();
  useTabBusy(list.isFetching);
  const [dialog, setDialog] = useState<{ editing?: GroupSummary } | null>(null);
  const [membersOf, setMembersOf] = useState<GroupSummary>();

  const onDelete = async (group: GroupSummary) => {
    await remove.mutateAsync(group.id);
    void message.success(t('group.deleted', { name: group.name }));
  };

  const columns: ColumnsType<GroupSummary> = [
    {
      title: t('group.name'),
      dataIndex: 'name',
      render: (name: string, group) => <Typography.Link onClick={() => setMembersOf(group)}>{name}</Typography.Link>,
    },
    {
      title: t('group.kind'),
      dataIndex: 'kind',
      render: (kind: GroupKind) => <Tag color={kind === 'plant' ? 'green' : 'blue'}>{t(`group.kinds.${kind}`)}</Tag>,
    },
    { title: t('group.members'), dataIndex: 'members', align: 'right' },
    { title: t('group.createdBy'), dataIndex: 'createdBy', render: (name: string) => name || '—' },
    {
      title: t('group.updatedAt'),
      dataIndex: 'updatedAt',
      render: (at: number) => formatDateTime(at, i18n.language),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, group) => (
        <Flex gap={4}>
          <Button
            type="text"
            size="small"
            icon={<TeamOutlined />}
            aria-label={t('group.membersOf', { name: group.name })}
            onClick={() => setMembersOf(group)}
          />
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('group.rename', { name: group.name })}
            onClick={() => setDialog({ editing: group })}
          />
          <Popconfirm
            title={t('group.deleteConfirm', { name: group.name })}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(group)}
          >
            <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('group.delete', { name: group.name })} />
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Card
      title={t('navBar.groupManagement')}
      variant="borderless"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})}>
          {t('group.new')}
        </Button>
      }
    >
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('group.searchName')}
          aria-label={t('group.searchName')}
          style={{ width: 240 }}
          onSearch={(name) => paging.setFilters({ name: name || undefined })}
        />
        <Select
          allowClear
          placeholder={t('group.kind')}
          aria-label={t('group.kind')}
          style={{ width: 180 }}
          options={GROUP_KINDS.map((kind) => ({ value: kind, label: t(`group.kinds.${kind}`) }))}
          onChange={(kind?: GroupKind) => paging.setFilters({ kind })}
        />
      </Flex>
      <PagedTable
        rowKey="id"
        columns={columns}
        rows={list.data?.groups}
        total={list.data?.total}
        paging={paging}
        list={list}
        scroll={{ x: 760 }}
      />
      <GroupDialog open={dialog !== null} editing={dialog?.editing} onClose={() => setDialog(null)} />
      <GroupMembersDrawer key={membersOf?.id} group={membersOf} onClose={() => setMembersOf(undefined)} />
    </Card>
  );
}
