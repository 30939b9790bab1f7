import { ACCOUNT_LOG_EVENTS, type AccountLogEntry, type AccountLogEvent } from '@sunstack/shared';
import { Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useAccountLog } from '../api/accountLog.ts';
import { LogTable, type TimeRange } from './LogTable.tsx';

export type AccountLogFilters = TimeRange & { username?: string; event?: AccountLogEvent; ip?: string };

/** Events that warn: a failed sign-in, an account disabled. */
const WARNING_EVENTS: readonly AccountLogEvent[] = ['signInFailed', 'disabled'];

/** The account log: sign-ins and their failures, sign-outs, password changes and resets, disabling (paged like the operation log). */
export function AccountLog({ paging }: { paging: ReturnType<typeof usePagedFilters<AccountLogFilters>> }) {
  const { t } = useTranslation();
  const { query, setFilters } = paging;
  const log = useAccountLog(query);

  const columns: ColumnsType<AccountLogEntry> = [
    { title: t('accountLog.account'), dataIndex: 'username' },
    {
      title: t('accountLog.event'),
      dataIndex: 'event',
      width: 240,
      render: (event: AccountLogEvent, entry) => (
        <Space size={4} wrap>
          {/* Long event names (German) wrap inside the tag rather than run into the next column. */}
          <Tag color={WARNING_EVENTS.includes(event) ? 'red' : undefined} style={{ whiteSpace: 'normal' }}>
            {t(`accountLog.events.${event}`)}
          </Tag>
          {entry.detail && <Typography.Text type="secondary">{t(`accountLog.failures.${entry.detail}`)}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('accountLog.by'),
      dataIndex: 'actor',
      render: (actor: string, entry) => (actor === '' ? '—' : actor === entry.username ? t('accountLog.self') : actor),
    },
    { title: t('log.address'), dataIndex: 'ip' },
    {
      title: t('accountLog.browser'),
      dataIndex: 'userAgent',
      ellipsis: { showTitle: true },
      render: (userAgent: string) => userAgent || '—',
    },
  ];

  return (
    <LogTable
      filters={
        <>
          <Input.Search
            allowClear
            placeholder={t('accountLog.account')}
            aria-label={t('accountLog.account')}
            style={{ width: 180 }}
            onSearch={(username) => setFilters({ username: username || undefined })}
          />
          <Select
            allowClear
            placeholder={t('accountLog.event')}
            aria-label={t('accountLog.event')}
            style={{ width: 240 }}
            options={ACCOUNT_LOG_EVENTS.map((event) => ({ value: event, label: t(`accountLog.events.${event}`) }))}
            onChange={(event?: AccountLogEvent) => setFilters({ event })}
          />
          <Input.Search
            allowClear
            placeholder={t('log.address')}
            aria-label={t('log.address')}
            style={{ width: 160 }}
            onSearch={(ip) => setFilters({ ip: ip.trim() || undefined })}
          />
        </>
      }
      columns={columns}
      log={log}
      paging={paging}
      scroll={{ x: 960 }}
    />
  );
}
