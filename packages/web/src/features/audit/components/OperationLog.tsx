import { AUDIT_OBJECT_TYPES, type OperationLogEntry } from '@sunstack/shared';
import { Flex, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { useOperationLog } from '../api/operationLog.ts';
import { LogTable, type TimeRange } from './LogTable.tsx';

export type OperationLogFilters = TimeRange & {
  objectType?: (typeof AUDIT_OBJECT_TYPES)[number];
  objectId?: string;
  actor?: string;
};

/** Shows a change's before or after as indented JSON. */
const Json = ({ text }: { text: string }) =>
  text ? <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{JSON.stringify(JSON.parse(text), null, 2)}</pre> : '—';

/** The operation log: every change with who, when, from where, before and after (its paging is the page's, which exports it). */
export function OperationLog({ paging }: { paging: ReturnType<typeof usePagedFilters<OperationLogFilters>> }) {
  const { t } = useTranslation();
  const { query, setFilters } = paging;
  const log = useOperationLog(query);
  const actionLabel = (action: string) => t(`log.actions.${action.replace('.', '_')}`, { defaultValue: action });

  const columns: ColumnsType<OperationLogEntry> = [
    { title: t('log.user'), dataIndex: 'actor', render: (actor: string) => actor || '—' },
    { title: t('log.address'), dataIndex: 'ip' },
    { title: t('log.action'), dataIndex: 'action', render: actionLabel },
    { title: t('log.object'), key: 'object', render: (_, entry) => `${t(`log.objects.${entry.objectType}`)} ${entry.objectId}` },
  ];

  return (
    <LogTable
      filters={
        <>
          <Select
            allowClear
            placeholder={t('log.object')}
            aria-label={t('log.object')}
            style={{ width: 160 }}
            options={AUDIT_OBJECT_TYPES.map((type) => ({ value: type, label: t(`log.objects.${type}`) }))}
            onChange={(objectType?: OperationLogFilters['objectType']) => setFilters({ objectType })}
          />
          <Input.Search
            allowClear
            placeholder={t('log.objectId')}
            aria-label={t('log.objectId')}
            style={{ width: 180 }}
            onSearch={(objectId) => setFilters({ objectId: objectId || undefined })}
          />
          <Input.Search
            allowClear
            placeholder={t('log.user')}
            aria-label={t('log.user')}
            style={{ width: 180 }}
            onSearch={(actor) => setFilters({ actor: actor || undefined })}
          />
        </>
      }
      columns={columns}
      log={log}
      paging={paging}
      scroll={{ x: 800 }}
      expandable={{
        rowExpandable: (entry) => entry.before !== '' || entry.after !== '',
        expandedRowRender: (entry) => (
          <Flex gap={24} wrap>
            <div style={{ flex: 1, minWidth: 280 }}>
              <Typography.Text strong>{t('log.before')}</Typography.Text>
              <Json text={entry.before} />
            </div>
            <div style={{ flex: 1, minWidth: 280 }}>
              <Typography.Text strong>{t('log.after')}</Typography.Text>
              <Json text={entry.after} />
            </div>
          </Flex>
        ),
      }}
    />
  );
}
