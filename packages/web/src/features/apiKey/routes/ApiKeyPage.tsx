import { PlusOutlined } from '@ant-design/icons';
import { Access, API_KEYS_MAX, type ApiKeySummary } from '@sunstack/shared';
import { Button, Card, Flex, message, Popconfirm, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { useClientStore } from '../../../lib/clientStore.ts';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import { useApiKeys } from '../api/listApiKeys.ts';
import { useRevokeApiKey } from '../api/revokeApiKey.ts';
import { CreateKeyDialog } from '../components/CreateKeyDialog.tsx';
import { QuotaTable } from '../components/QuotaTable.tsx';

/**
 * API management (spec section 3, "API credentials"; issue 19): the caller's Open API keys (created
 * with a name and shown once, revoked at any time), its account's calls per day and remaining today;
 * administrators also set each account's quota.
 */
export default function ApiKeyPage() {
  const { t } = useTranslation();
  const isAdmin = useClientStore((state) => state.access === Access.admin);
  const language = useClientStore((state) => state.language);
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  useTabBusy(keys.isFetching);
  const [creating, setCreating] = useState(false);
  const when = (at: number | null) => (at === null ? t('apiKey.never') : formatDateTime(at, language));
  const count = keys.data?.keys.length ?? 0;

  const onRevoke = async (key: ApiKeySummary) => {
    await revoke.mutateAsync(key.id);
    void message.success(t('apiKey.revoked', { name: key.name }));
  };

  const columns: ColumnsType<ApiKeySummary> = [
    { title: t('apiKey.name'), dataIndex: 'name' },
    { title: t('apiKey.createdAt'), dataIndex: 'createdAt', render: when },
    { title: t('apiKey.lastUsedAt'), dataIndex: 'lastUsedAt', render: when },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, key) => (
        <Popconfirm title={t('apiKey.revokeConfirm', { name: key.name })} onConfirm={() => onRevoke(key)}>
          <Button type="link" size="small" danger>
            {t('apiKey.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card title={t('navBar.apiKey')} variant="borderless">
        <Typography.Paragraph type="secondary">
          {t('apiKey.intro')}{' '}
          <Typography.Link href="/op/docs" target="_blank">
            {t('apiKey.docs')}
          </Typography.Link>
        </Typography.Paragraph>
        <Flex wrap justify="space-between" align="end" gap={16} style={{ marginBottom: 16 }}>
          <Flex wrap gap={32}>
            {(['callsPerDay', 'callsToday', 'remainingToday'] as const).map((figure) => (
              <Statistic
                key={figure}
                title={t(`apiKey.${figure}`)}
                value={keys.data?.[figure] ?? '—'}
                formatter={(value) => (typeof value === 'number' ? formatCount(value) : value)}
              />
            ))}
          </Flex>
          <Button type="primary" icon={<PlusOutlined />} disabled={count >= API_KEYS_MAX} onClick={() => setCreating(true)}>
            {t('apiKey.new')}
          </Button>
        </Flex>
        {keys.isError ? (
          <LoadFailed error={keys.error} onRetry={() => void keys.refetch()} />
        ) : (
          <Table<ApiKeySummary>
            size="middle"
            rowKey="id"
            columns={columns}
            dataSource={keys.data?.keys}
            loading={keys.isFetching}
            pagination={false}
            scroll={{ x: 600 }}
            locale={{ emptyText: t('apiKey.none') }}
          />
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('apiKey.limits', { max: API_KEYS_MAX })}
        </Typography.Paragraph>
      </Card>
      {isAdmin && <QuotaTable />}
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
    </Flex>
  );
}
