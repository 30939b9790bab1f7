import { API_DAILY_QUOTA_MAX, type ApiQuotaAccount, apiQuotaSetBody, roleKey } from '@sunstack/shared';
import { Button, Card, Flex, Form, Input, InputNumber, Modal, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { formatCount } from '../../../lib/format.ts';
import { showServerIssues, zodRule } from '../../../lib/forms.ts';
import { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useApiQuotas } from '../api/listQuotas.ts';
import { useSetApiQuota } from '../api/setQuota.ts';

/** Administrators: every account holding keys (or a quota of its own), its daily quota and its usage today; the quota can be changed. */
export function QuotaTable() {
  const { t } = useTranslation();
  const paging = usePagedFilters<{ username?: string }>({});
  const list = useApiQuotas(paging.query, true);
  const [editing, setEditing] = useState<ApiQuotaAccount>();

  const columns: ColumnsType<ApiQuotaAccount> = [
    { title: t('apiKey.account'), dataIndex: 'username' },
    { title: t('apiKey.role'), dataIndex: 'access', render: (access: number) => t(roleKey(access)) },
    { title: t('apiKey.keys'), dataIndex: 'keys', align: 'right' },
    { title: t('apiKey.callsPerDay'), dataIndex: 'callsPerDay', align: 'right', render: formatCount },
    { title: t('apiKey.callsToday'), dataIndex: 'callsToday', align: 'right', render: formatCount },
    { title: t('apiKey.remainingToday'), dataIndex: 'remainingToday', align: 'right', render: formatCount },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, account) => (
        <Button type="link" size="small" onClick={() => setEditing(account)}>
          {t('apiKey.setQuota')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('apiKey.quotasTitle')} variant="borderless">
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('apiKey.searchAccount')}
          aria-label={t('apiKey.searchAccount')}
          style={{ width: 240 }}
          onSearch={(username) => paging.setFilters({ username: username || undefined })}
        />
      </Flex>
      <PagedTable
        rowKey="accountId"
        columns={columns}
        rows={list.data?.accounts}
        total={list.data?.total}
        paging={paging}
        list={list}
        scroll={{ x: 800 }}
      />
      <QuotaDialog account={editing} onClose={() => setEditing(undefined)} />
    </Card>
  );
}

function QuotaDialog({ account, onClose }: { account: ApiQuotaAccount | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ callsPerDay: number }>();
  const save = useSetApiQuota();
  useEffect(() => {
    if (account) form.setFieldsValue({ callsPerDay: account.callsPerDay });
  }, [account, form]);

  const onFinish = async ({ callsPerDay }: { callsPerDay: number }) => {
    if (!account) return;
    try {
      await save.mutateAsync({ accountId: account.accountId, callsPerDay });
      void message.success(t('apiKey.quotaSaved', { account: account.username }));
      onClose();
    } catch (error) {
      showServerIssues(form, error, t);
    }
  };

  return (
    <Modal
      open={account !== undefined}
      title={t('apiKey.quotaOf', { account: account?.username ?? '' })}
      okText={t('common.save')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          label={t('apiKey.callsPerDay')}
          name="callsPerDay"
          rules={[zodRule(apiQuotaSetBody.shape.callsPerDay, t)]}
          extra={t('apiKey.quotaHint', { max: formatCount(API_DAILY_QUOTA_MAX) })}
        >
          <InputNumber style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
