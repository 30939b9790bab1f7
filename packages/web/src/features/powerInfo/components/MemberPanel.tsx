import { TeamOutlined } from '@ant-design/icons';
import { type Member, roleKey } from '@sunstack/shared';
import { Alert, Button, Flex, Form, Input, Modal, message, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useMembers } from '../api/listMembers.ts';
import { useUpdateMember } from '../api/updateMember.ts';
import { usePowerInfoRights } from '../permissions.ts';
import { DepartmentSelect } from './DepartmentSelect.tsx';
import { GroupSelect } from './GroupSelect.tsx';

type Values = { departmentId: number | null; permissionGroupId: number | null };
const SOURCE_COLORS: Record<Member['permissionSource'], string> = {
  own: 'blue',
  department: 'geekblue',
  role: 'purple',
  default: 'default',
};

/** Assigns a member's department and, with role.edit, its own permission group. */
function MemberDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rights = usePowerInfoRights();
  const [form] = Form.useForm<Values>();
  const update = useUpdateMember();
  const onOk = async () => {
    if (!member) return;
    const values = await form.validateFields();
    try {
      await update.mutateAsync({
        id: member.id,
        ...(rights.viewDepartments && values.departmentId !== member.departmentId ? { departmentId: values.departmentId ?? null } : {}),
        ...(rights.assignGroups && values.permissionGroupId !== member.permissionGroupId
          ? { permissionGroupId: values.permissionGroupId ?? null }
          : {}),
      });
      void message.success(t('powerInfo.saved'));
      onClose();
    } catch {
      // The errno message is shown by the client (for example 41935 or 40300); the dialog stays open.
    }
  };
  return (
    <Modal
      open={member !== null}
      title={member ? t('powerInfo.member.assignTitle', { user: member.user }) : ''}
      onOk={onOk}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('powerInfo.cancel')}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ departmentId: member?.departmentId ?? null, permissionGroupId: member?.permissionGroupId ?? null }}
      >
        {rights.viewDepartments && (
          <Form.Item label={t('powerInfo.member.department')} name="departmentId" extra={t('powerInfo.member.departmentHint')}>
            <DepartmentSelect placeholder={t('powerInfo.member.noDepartment')} />
          </Form.Item>
        )}
        {rights.assignGroups && (
          <Form.Item label={t('powerInfo.member.ownGroup')} name="permissionGroupId" extra={t('powerInfo.member.ownGroupHint')}>
            <GroupSelect
              currentName={member?.permissionSource === 'own' ? member.effectiveGroupName : undefined}
              placeholder={t('powerInfo.member.noOwnGroup')}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** Where a member's permissions come from: a group (own, its department's, its role's) or its role's defaults. */
function PermissionCell({ member }: { member: Member }) {
  const { t } = useTranslation();
  const source = <Tag color={SOURCE_COLORS[member.permissionSource]}>{t(`powerInfo.member.source.${member.permissionSource}`)}</Tag>;
  if (member.permissionSource === 'default') return source;
  return (
    <Flex gap={4} wrap align="center">
      <Typography.Text>{member.effectiveGroupName}</Typography.Text>
      {source}
    </Flex>
  );
}

/** Members: the manufacturer's administrators, their departments and permission groups. */
export function MemberPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rights = usePowerInfoRights();
  const hasUserManagement = useClientStore((state) => state.menus.includes('user-management'));
  const paging = usePagedFilters<{ user?: string; departmentId?: number; permissionGroupId?: number }>({});
  const { query, setFilters } = paging;
  const members = useMembers(query);
  const [editing, setEditing] = useState<Member | null>(null);
  useTabBusy(members.isFetching);

  const columns: ColumnsType<Member> = [
    {
      title: t('powerInfo.member.account'),
      key: 'account',
      render: (_, member) => (
        <Flex vertical>
          <Typography.Text strong>{member.user}</Typography.Text>
          {member.name && <Typography.Text type="secondary">{member.name}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('powerInfo.member.email'), dataIndex: 'email' },
    { title: t('powerInfo.member.phone'), dataIndex: 'phone', render: (phone: string) => phone || '—' },
    { title: t('powerInfo.member.department'), dataIndex: 'departmentName', render: (name: string) => name || '—' },
    { title: t('powerInfo.group.label'), key: 'group', render: (_, member) => <PermissionCell member={member} /> },
    {
      title: t('powerInfo.member.level'),
      dataIndex: 'access',
      render: (access: number, member) => (
        <Flex gap={4} wrap>
          <Tag color="gold">{t(roleKey(access))}</Tag>
          {member.disabled && <Tag color="red">{t('powerInfo.member.disabled')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, member) =>
        (rights.viewDepartments || rights.assignGroups) && (
          <Permission code="member.edit">
            <Button size="small" onClick={() => setEditing(member)}>
              {t('powerInfo.member.assign')}
            </Button>
          </Permission>
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Alert type="info" showIcon title={t('powerInfo.member.intro')} style={{ flex: '1 1 320px' }} />
        {hasUserManagement && (
          <Button icon={<TeamOutlined />} onClick={() => navigate('/bus/user/management')}>
            {t('powerInfo.member.userManagement')}
          </Button>
        )}
      </Flex>
      <Flex wrap gap={8}>
        <Input.Search
          allowClear
          placeholder={t('powerInfo.member.search')}
          aria-label={t('powerInfo.member.search')}
          style={{ width: 240 }}
          onSearch={(user) => setFilters({ user: user.trim() || undefined })}
        />
        {rights.viewDepartments && (
          <DepartmentSelect
            placeholder={t('powerInfo.member.departmentFilter')}
            style={{ width: 220 }}
            onChange={(departmentId) => setFilters({ departmentId: departmentId ?? undefined })}
            value={query.departmentId}
          />
        )}
        {rights.viewGroups && (
          <GroupSelect
            placeholder={t('powerInfo.member.groupFilter')}
            style={{ width: 220 }}
            onChange={(permissionGroupId) => setFilters({ permissionGroupId: permissionGroupId ?? undefined })}
            value={query.permissionGroupId}
          />
        )}
      </Flex>
      <PagedTable
        rowKey="id"
        columns={columns}
        rows={members.data?.members}
        total={members.data?.total}
        paging={paging}
        list={members}
        scroll={{ x: 960 }}
      />
      <MemberDialog member={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
