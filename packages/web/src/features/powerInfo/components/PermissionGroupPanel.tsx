import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PERMISSIONS, type PermissionGroupSummary, type Role, roleKey } from '@sunstack/shared';
import { Button, Flex, Input, Modal, message, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useAssignRoleGroup } from '../api/assignRoleGroup.ts';
import { useDeletePermissionGroup } from '../api/deletePermissionGroup.ts';
import { usePermissionGroups } from '../api/listPermissionGroups.ts';
import { type RoleGroup, useRoleGroups } from '../api/roleGroups.ts';
import { SWITCH_SECTIONS, usePowerInfoRights } from '../permissions.ts';
import { GroupSelect } from './GroupSelect.tsx';
import { PermissionGroupDialog } from './PermissionGroupDialog.tsx';
import { DeleteRowButton, RowActionButton } from './RowActions.tsx';

/** A group's switches, section by section. */
function SwitchTags({ permissions }: { permissions: readonly string[] }) {
  const { t } = useTranslation();
  const sections = SWITCH_SECTIONS.map(({ section, switches }) => ({
    section,
    held: switches.filter((code) => permissions.includes(code)),
  })).filter(({ held }) => held.length > 0);
  if (sections.length === 0) return <Typography.Text type="secondary">{t('powerInfo.group.noSwitches')}</Typography.Text>;
  return (
    <Flex vertical gap={6}>
      {sections.map(({ section, held }) => (
        <Flex key={section} gap={4} wrap align="center">
          <Typography.Text type="secondary" style={{ minWidth: 140 }}>
            {t(`powerInfo.switchSections.${section}`)}
          </Typography.Text>
          {held.map((code) => (
            <Tag key={code}>{t(`powerInfo.switches.${code}`)}</Tag>
          ))}
        </Flex>
      ))}
    </Flex>
  );
}

/** Each role with the group it holds, or its defaults; assigning needs role.edit. */
function RoleTable() {
  const { t } = useTranslation();
  const rights = usePowerInfoRights();
  const roles = useRoleGroups();
  const assign = useAssignRoleGroup();
  // Every account of the role changes at once, so the operator confirms first.
  const onAssign = (access: number, permissionGroupId: number | null, group: string) => {
    const role = t(roleKey(access));
    Modal.confirm({
      title:
        permissionGroupId === null
          ? t('powerInfo.group.resetRoleConfirm', { role })
          : t('powerInfo.group.assignRoleConfirm', { role, group }),
      okText: t('powerInfo.confirm'),
      cancelText: t('powerInfo.cancel'),
      onOk: () =>
        assign.mutateAsync({ access: access as Role, permissionGroupId }).then(
          () => message.success(t('powerInfo.saved')),
          // The errno message (for example 41935) is shown by the client.
          () => {},
        ),
    });
  };
  const columns: ColumnsType<RoleGroup> = [
    {
      title: t('powerInfo.group.role'),
      dataIndex: 'access',
      width: 160,
      render: (access: number) => <Tag color="gold">{t(roleKey(access))}</Tag>,
    },
    {
      title: t('powerInfo.group.label'),
      key: 'group',
      render: (_, role) =>
        rights.assignGroups ? (
          <GroupSelect
            value={role.permissionGroupId}
            currentName={role.permissionGroupName}
            placeholder={t('powerInfo.group.roleDefaults')}
            onChange={(id, name) => onAssign(role.access, id, name)}
            style={{ width: '100%', maxWidth: 280 }}
          />
        ) : (
          role.permissionGroupName || <Typography.Text type="secondary">{t('powerInfo.group.roleDefaults')}</Typography.Text>
        ),
    },
    {
      title: t('powerInfo.group.switches'),
      key: 'switches',
      width: 140,
      render: (_, role) => t('powerInfo.group.chosen', { count: role.permissions.length, total: PERMISSIONS.length }),
    },
  ];
  return (
    <Table<RoleGroup>
      rowKey="access"
      size="small"
      columns={columns}
      dataSource={roles.data}
      loading={roles.isFetching}
      pagination={false}
      expandable={{ expandedRowRender: (role) => <SwitchTags permissions={role.permissions} /> }}
      scroll={{ x: 560 }}
    />
  );
}

/** Permission groups: named sets of switches, assigned to members, departments or roles. */
export function PermissionGroupPanel() {
  const { t, i18n } = useTranslation();
  const paging = usePagedFilters<{ name?: string }>({});
  const { query, setFilters } = paging;
  const groups = usePermissionGroups(query);
  const remove = useDeletePermissionGroup();
  const [dialog, setDialog] = useState<{ group: PermissionGroupSummary | null } | null>(null);
  useTabBusy(groups.isFetching);

  const columns: ColumnsType<PermissionGroupSummary> = [
    { title: t('powerInfo.group.name'), dataIndex: 'name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
    {
      title: t('powerInfo.group.switches'),
      dataIndex: 'permissions',
      width: 130,
      render: (permissions: string[]) => t('powerInfo.group.chosen', { count: permissions.length, total: PERMISSIONS.length }),
    },
    {
      title: t('powerInfo.group.assigned'),
      key: 'assigned',
      render: (_, group) => {
        const parts = [
          ...group.roles.map((access) => (
            <Tag key={`role-${access}`} color="gold">
              {t(roleKey(access))}
            </Tag>
          )),
          ...(group.departments > 0
            ? [<Tag key="departments">{t('powerInfo.group.departmentCount', { count: group.departments })}</Tag>]
            : []),
          ...(group.members > 0 ? [<Tag key="members">{t('powerInfo.group.memberCount', { count: group.members })}</Tag>] : []),
        ];
        return parts.length > 0 ? (
          <Flex gap={4} wrap>
            {parts}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('powerInfo.group.unassigned')}</Typography.Text>
        );
      },
    },
    {
      title: t('powerInfo.group.updated'),
      dataIndex: 'updatedAt',
      width: 180,
      render: (at: number) => formatDateTime(at, i18n.language),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 100,
      render: (_, group) => (
        <Flex gap={4}>
          <Permission code="role.edit">
            <RowActionButton icon={<EditOutlined />} label={t('powerInfo.group.edit')} onClick={() => setDialog({ group })} />
          </Permission>
          {/* A group still assigned is refused. */}
          <DeleteRowButton
            permission="role.delete"
            confirmTitle={t('powerInfo.group.deleteConfirm', { name: group.name })}
            onDelete={() => remove.mutateAsync(group.id)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={24}>
      <section>
        <Typography.Title level={5}>{t('powerInfo.group.rolesTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('powerInfo.group.rolesHint')}</Typography.Paragraph>
        <RoleTable />
      </section>
      <section>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('powerInfo.group.groupsTitle')}
          </Typography.Title>
          <Flex wrap gap={8}>
            <Input.Search
              allowClear
              placeholder={t('powerInfo.group.search')}
              aria-label={t('powerInfo.group.search')}
              style={{ width: 220 }}
              onSearch={(name) => setFilters({ name: name.trim() || undefined })}
            />
            <Permission code="role.add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ group: null })}>
                {t('powerInfo.group.add')}
              </Button>
            </Permission>
          </Flex>
        </Flex>
        <PagedTable
          rowKey="id"
          columns={columns}
          rows={groups.data?.groups}
          total={groups.data?.total}
          paging={paging}
          list={groups}
          expandable={{ expandedRowRender: (group) => <SwitchTags permissions={group.permissions} /> }}
          scroll={{ x: 760 }}
        />
      </section>
      <PermissionGroupDialog open={dialog !== null} group={dialog?.group ?? null} onClose={() => setDialog(null)} />
    </Flex>
  );
}
