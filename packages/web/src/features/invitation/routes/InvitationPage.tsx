import { PlusOutlined } from '@ant-design/icons';
import { INVITATION_STATUSES, type InvitationStatus, type InvitationSummary, roleKey } from '@sunstack/shared';
import { Button, Card, Flex, Input, message, Popconfirm, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { Permission } from '../../../components/Permission.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useInvitationList } from '../api/listInvitations.ts';
import { useRevokeInvitation } from '../api/revokeInvitation.ts';
import { InviteDialog } from '../components/InviteDialog.tsx';

const STATUS_COLOURS: Record<InvitationStatus, string> = { pending: 'processing', used: 'success', expired: 'default', revoked: 'warning' };

/** Invitations into the caller's branch (issue 3): who was invited as what, by whom, and what became of it. */
export default function InvitationPage() {
  const { t, i18n } = useTranslation();
  const paging = usePagedFilters<{ email?: string; status?: InvitationStatus }>({});
  const list = useInvitationList(paging.query);
  const revoke = useRevokeInvitation();
  useTabBusy(list.isFetching);
  const [inviting, setInviting] = useState(false);
  const when = (at: number) => formatDateTime(at, i18n.language);

  const onRevoke = async (invitation: InvitationSummary) => {
    await revoke.mutateAsync(invitation.id);
    void message.success(t('invitation.revoked', { email: invitation.email }));
  };

  const columns: ColumnsType<InvitationSummary> = [
    { title: t('auth.email'), dataIndex: 'email' },
    { title: t('invitation.role'), dataIndex: 'accountType', render: (access: number) => t(roleKey(access)) },
    { title: t('invitation.branch'), dataIndex: 'organisation' },
    {
      title: t('invitation.status'),
      dataIndex: 'status',
      render: (status: InvitationStatus) => <Tag color={STATUS_COLOURS[status]}>{t(`invitation.statuses.${status}`)}</Tag>,
    },
    { title: t('invitation.invitedBy'), dataIndex: 'invitedBy', render: (name: string) => name || '—' },
    { title: t('invitation.createdAt'), dataIndex: 'createdAt', render: when },
    { title: t('invitation.expiresAt'), dataIndex: 'expiresAt', render: when },
    { title: t('invitation.usedBy'), dataIndex: 'usedBy', render: (name: string) => name || '—' },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, invitation) =>
        invitation.status === 'pending' && (
          <Permission code="member.add">
            <Popconfirm title={t('invitation.revokeConfirm', { email: invitation.email })} onConfirm={() => onRevoke(invitation)}>
              <Button type="link" size="small" danger>
                {t('invitation.revoke')}
              </Button>
            </Popconfirm>
          </Permission>
        ),
    },
  ];

  return (
    <Card
      title={t('navBar.invitation')}
      variant="borderless"
      extra={
        <Permission code="member.add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setInviting(true)}>
            {t('invitation.new')}
          </Button>
        </Permission>
      }
    >
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('invitation.searchEmail')}
          aria-label={t('invitation.searchEmail')}
          style={{ width: 240 }}
          onSearch={(email) => paging.setFilters({ email: email || undefined })}
        />
        <Select
          allowClear
          placeholder={t('invitation.status')}
          aria-label={t('invitation.status')}
          style={{ width: 180 }}
          options={INVITATION_STATUSES.map((status) => ({ value: status, label: t(`invitation.statuses.${status}`) }))}
          onChange={(status?: InvitationStatus) => paging.setFilters({ status })}
        />
      </Flex>
      <PagedTable
        rowKey="id"
        columns={columns}
        rows={list.data?.invitations}
        total={list.data?.total}
        paging={paging}
        list={list}
        scroll={{ x: 1100 }}
      />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </Card>
  );
}
