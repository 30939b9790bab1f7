import { CheckCircleOutlined, EditOutlined, LockOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { manageableRoles, ROLES, type Role, roleKey, USER_STATUSES, type UserSummary } from '@sunstack/shared';
import { Button, Card, Flex, Input, message, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useUserList } from '../api/listUsers.ts';
import { useResetUserPassword } from '../api/resetUserPassword.ts';
import { useSetUserStatus } from '../api/setUserStatus.ts';
import { type IssuedPassword, OneTimePasswordModal } from '../components/OneTimePasswordModal.tsx';
import { UserFormModal } from '../components/UserFormModal.tsx';

type Filters = { username?: string; name?: string; email?: string; access?: Role; status?: (typeof USER_STATUSES)[number] };

/**
 * User management (spec section 2, /bus/user/management): the accounts of the caller's branch.
 * Buttons show for the switches the account holds, on the accounts it may change.
 */
export default function UserManagementPage() {
  const { t } = useTranslation();
  const myAccess = useClientStore((state) => state.access);
  const paging = usePagedFilters<Filters>({});
  const { query, setFilters } = paging;
  const list = useUserList(query);
  const setStatus = useSetUserStatus();
  const reset = useResetUserPassword();
  const [form, setForm] = useState<{ editing: UserSummary | null } | null>(null);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  useTabBusy(list.isFetching);
  // Filter by any role the caller can see: its own and those it manages (administrators: all).
  const visibleRoles = ROLES.filter((role) => role === myAccess || manageableRoles(myAccess).includes(role));

  const onReset = async (user: UserSummary) => {
    const answer = await reset.mutateAsync(user.id);
    setIssued({ username: user.username, password: answer.password });
  };
  const onStatus = async (user: UserSummary, enabled: boolean) => {
    await setStatus.mutateAsync({ id: user.id, enabled });
    void message.success(t(enabled ? 'userManagement.enabledDone' : 'userManagement.disabledDone', { user: user.username }));
  };

  const columns: ColumnsType<UserSummary> = [
    {
      title: t('auth.username'),
      dataIndex: 'username',
      width: 170,
      render: (username: string, user) => (
        <Space size={4} wrap>
          <Typography.Text strong>{username}</Typography.Text>
          {user.passwordChangeRequired && (
            <Tooltip title={t('userManagement.mustChangeHint')}>
              <Tag color="gold">{t('userManagement.mustChange')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('userManagement.name'), dataIndex: 'name', ellipsis: true, render: (name: string) => name || '—' },
    { title: t('auth.email'), dataIndex: 'email', width: 220, ellipsis: true },
    { title: t('auth.mobile'), dataIndex: 'phone', width: 150, render: (phone: string) => phone || '—' },
    { title: t('userManagement.role'), dataIndex: 'access', width: 120, render: (access: number) => t(roleKey(access)) },
    { title: t('userManagement.organisation'), dataIndex: 'organisationName', ellipsis: true },
    {
      title: t('userManagement.status'),
      dataIndex: 'enabled',
      width: 110,
      render: (enabled: boolean) =>
        enabled ? <Tag color="green">{t('userManagement.enabled')}</Tag> : <Tag color="red">{t('userManagement.disabled')}</Tag>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, user) =>
        user.manageable && (
          <Space size={0}>
            <Permission code="member.edit">
              <Button
                title={t('userManagement.edit')}
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('userManagement.editTitle', { user: user.username })}
                onClick={() => setForm({ editing: user })}
              />
            </Permission>
            <Permission code="member.resetPassword">
              <Popconfirm
                title={t('userManagement.resetConfirm', { user: user.username })}
                okText={t('userManagement.resetPassword')}
                onConfirm={() => onReset(user)}
              >
                <Button
                  title={t('userManagement.resetPassword')}
                  type="text"
                  size="small"
                  icon={<LockOutlined />}
                  aria-label={t('userManagement.resetFor', { user: user.username })}
                />
              </Popconfirm>
            </Permission>
            <Permission code="member.delete">
              {user.enabled ? (
                <Popconfirm
                  title={t('userManagement.disableConfirm', { user: user.username })}
                  okText={t('userManagement.disable')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onStatus(user, false)}
                >
                  <Button
                    title={t('userManagement.disable')}
                    type="text"
                    size="small"
                    danger
                    icon={<StopOutlined />}
                    aria-label={t('userManagement.disableFor', { user: user.username })}
                  />
                </Popconfirm>
              ) : (
                <Popconfirm
                  title={t('userManagement.enableConfirm', { user: user.username })}
                  okText={t('userManagement.enable')}
                  onConfirm={() => onStatus(user, true)}
                >
                  <Button
                    title={t('userManagement.enable')}
                    type="text"
                    size="small"
                    icon={<CheckCircleOutlined />}
                    aria-label={t('userManagement.enableFor', { user: user.username })}
                  />
                </Popconfirm>
              )}
            </Permission>
          </Space>
        ),
    },
  ];

  return (
    <Card
      title={t('navBar.userManagement')}
      variant="borderless"
      extra={
        <Permission code="member.add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ editing: null })}>
            {t('userManagement.create')}
          </Button>
        </Permission>
      }
    >
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('auth.username')}
          aria-label={t('auth.username')}
          style={{ width: 180 }}
          onSearch={(username) => setFilters({ username: username || undefined })}
        />
        <Input.Search
          allowClear
          placeholder={t('userManagement.name')}
          aria-label={t('userManagement.name')}
          style={{ width: 180 }}
          onSearch={(name) => setFilters({ name: name || undefined })}
        />
        <Input.Search
          allowClear
          placeholder={t('auth.email')}
          aria-label={t('auth.email')}
          style={{ width: 200 }}
          onSearch={(email) => setFilters({ email: email || undefined })}
        />
        <Select
          allowClear
          placeholder={t('userManagement.role')}
          aria-label={t('userManagement.role')}
          style={{ width: 160 }}
          options={visibleRoles.map((role) => ({ value: role, label: t(roleKey(role)) }))}
          onChange={(access?: Role) => setFilters({ access })}
        />
        <Select
          allowClear
          placeholder={t('userManagement.status')}
          aria-label={t('userManagement.status')}
          style={{ width: 140 }}
          options={USER_STATUSES.map((status) => ({ value: status, label: t(`userManagement.${status}`) }))}
          onChange={(status?: Filters['status']) => setFilters({ status })}
        />
      </Flex>
      <PagedTable
        rowKey="id"
        columns={columns}
        rows={list.data?.users}
        total={list.data?.total}
        paging={paging}
        list={list}
        scroll={{ x: 1080 }}
      />
      <UserFormModal open={form !== null} editing={form?.editing ?? null} onClose={() => setForm(null)} onCreated={setIssued} />
      <OneTimePasswordModal issued={issued} onClose={() => setIssued(null)} />
    </Card>
  );
}
