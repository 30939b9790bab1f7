import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { GroupMember, GroupSummary } from '@sunstack/shared';
import { Alert, Button, Drawer, Flex, message, Popconfirm, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ApiError, errnoMessage } from '../../../lib/http.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useAddGroupMembers } from '../api/addGroupMembers.ts';
import { useGroupMembers } from '../api/groupMembers.ts';
import { useRemoveGroupMembers } from '../api/removeGroupMembers.ts';
import { useCandidates } from '../api/searchCandidates.ts';

/** Errno of a member that does not exist or is outside the caller's scope (the server names each such entry). */
const MEMBER_UNKNOWN = 41944;

/**
 * A group's members, a page at a time (keyed by the group, so each group starts afresh), with adding (found by name or SN, or typed and pasted as
 * plant ids or device SNs) and removing. Adding is all or none: refused entries are named.
 */
export function GroupMembersDrawer({ group, onClose }: { group: GroupSummary | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const paging = usePagedFilters<object>({});
  const members = useGroupMembers(group ? { id: group.id, ...paging.query } : undefined);
  const add = useAddGroupMembers();
  const remove = useRemoveGroupMembers();
  const [search, setSearch] = useState('');
  const candidates = useCandidates(group?.kind ?? 'plant', search);
  const [chosen, setChosen] = useState<string[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);

  if (!group) return <Drawer open={false} />;

  const onAdd = async () => {
    setRefused([]);
    try {
      const { added } = await add.mutateAsync({ id: group.id, members: chosen });
      void message.success(t('group.added', { number: added }));
      setChosen([]);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.errno !== MEMBER_UNKNOWN) {
        void message.error(errnoMessage(error.errno));
        return;
      }
      setRefused(error.issues.map((issue) => chosen[Number(issue.path.split('.').at(-1))] ?? '').filter(Boolean));
    }
  };

  const onRemove = async (keys: string[]) => {
    const { removed } = await remove.mutateAsync({ id: group.id, members: keys });
    void message.success(t('group.removed', { number: removed }));
    setSelected([]);
  };

  const columns: ColumnsType<GroupMember> = [
    { title: t(group.kind === 'plant' ? 'group.plantId' : 'device.sn'), dataIndex: 'key' },
    { title: t(group.kind === 'plant' ? 'group.plantName' : 'device.model'), dataIndex: 'name', render: (name: string) => name || '—' },
    {
      title: t('group.type'),
      dataIndex: 'type',
      render: (type: string) => t(group.kind === 'plant' ? `plant.types.${type}` : `device.types.${type}`),
    },
    { title: t(group.kind === 'plant' ? 'group.place' : 'group.plant'), dataIndex: 'place', render: (place: string) => place || '—' },
    {
      title: t('group.addedAt'),
      dataIndex: 'addedAt',
      render: (at: number) => formatDateTime(at, i18n.language),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, member) => (
        <Popconfirm
          title={t('group.removeConfirm', { member: member.key })}
          okButtonProps={{ danger: true }}
          onConfirm={() => onRemove([member.key])}
        >
          <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('group.removeMember', { member: member.key })} />
        </Popconfirm>
      ),
    },
  ];

  return (
    <Drawer open title={t('group.membersOf', { name: group.name })} size="min(820px, 100vw)" onClose={onClose}>
      <Typography.Paragraph type="secondary">
        {t(group.kind === 'plant' ? 'group.addPlantsHint' : 'group.addDevicesHint')}
      </Typography.Paragraph>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          mode="tags"
          value={chosen}
          onChange={(values: string[]) => setChosen(values.map((value) => value.trim()).filter(Boolean))}
          onSearch={setSearch}
          tokenSeparators={[',', ' ', '\n', ';']}
          filterOption={false}
          loading={candidates.isFetching}
          options={candidates.data?.map((candidate) => ({ value: candidate.key, label: candidate.label }))}
          placeholder={t(group.kind === 'plant' ? 'group.findPlants' : 'group.findDevices')}
          aria-label={t(group.kind === 'plant' ? 'group.findPlants' : 'group.findDevices')}
          style={{ flex: '1 1 320px', minWidth: 0 }}
        />
        <Button type="primary" icon={<PlusOutlined />} disabled={chosen.length === 0} loading={add.isPending} onClick={onAdd}>
          {t('group.add')}
        </Button>
      </Flex>
      {refused.length > 0 && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('group.refused')} description={refused.join(', ')} />
      )}
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text>{t('group.memberCount', { number: members.data?.total ?? 0 })}</Typography.Text>
        <Popconfirm
          title={t('group.removeSelectedConfirm', { number: selected.length })}
          okButtonProps={{ danger: true }}
          disabled={selected.length === 0}
          onConfirm={() => onRemove(selected)}
        >
          <Button danger disabled={selected.length === 0}>
            {t('group.removeSelected', { number: selected.length })}
          </Button>
        </Popconfirm>
      </Flex>
      <PagedTable
        rowKey="key"
        columns={columns}
        rows={members.data?.members}
        total={members.data?.total}
        paging={paging}
        list={members}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getTitleCheckboxProps: () => ({ 'aria-label': t('antd.selectAll') }),
        }}
        scroll={{ x: 720 }}
      />
    </Drawer>
  );
}
