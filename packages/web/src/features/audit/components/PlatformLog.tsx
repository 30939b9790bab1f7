import {
  PLATFORM_LOG_KINDS,
  PLATFORM_LOG_SEVERITIES,
  type PlatformLogEntry,
  type PlatformLogKind,
  type PlatformLogSeverity,
} from '@sunstack/shared';
import { Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { usePagedFilters } from '../../../lib/usePagedFilters.ts';
import { usePlatformLog } from '../api/platformLog.ts';
import { LogTable, type TimeRange } from './LogTable.tsx';

export type PlatformLogFilters = TimeRange & { kind?: PlatformLogKind; severity?: PlatformLogSeverity; text?: string };

const SEVERITY_COLOURS: Record<PlatformLogSeverity, string> = { info: 'blue', warning: 'gold', error: 'red' };

/** The platform log: the platform's own events (its paging is the page's, which exports it). */
export function PlatformLog({ paging }: { paging: ReturnType<typeof usePagedFilters<PlatformLogFilters>> }) {
  const { t } = useTranslation();
  const { query, setFilters } = paging;
  const log = usePlatformLog(query);

  const columns: ColumnsType<PlatformLogEntry> = [
    { title: t('platformLog.kind'), dataIndex: 'kind', render: (kind: PlatformLogKind) => t(`platformLog.kinds.${kind}`) },
    {
      title: t('platformLog.severity'),
      dataIndex: 'severity',
      render: (severity: PlatformLogSeverity) => <Tag color={SEVERITY_COLOURS[severity]}>{t(`platformLog.severities.${severity}`)}</Tag>,
    },
    { title: t('platformLog.message'), dataIndex: 'message' },
  ];

  return (
    <LogTable
      filters={
        <>
          <Select
            allowClear
            placeholder={t('platformLog.kind')}
            aria-label={t('platformLog.kind')}
            style={{ width: 160 }}
            options={PLATFORM_LOG_KINDS.map((kind) => ({ value: kind, label: t(`platformLog.kinds.${kind}`) }))}
            onChange={(kind?: PlatformLogKind) => setFilters({ kind })}
          />
          <Select
            allowClear
            placeholder={t('platformLog.severity')}
            aria-label={t('platformLog.severity')}
            style={{ width: 140 }}
            options={PLATFORM_LOG_SEVERITIES.map((severity) => ({ value: severity, label: t(`platformLog.severities.${severity}`) }))}
            onChange={(severity?: PlatformLogSeverity) => setFilters({ severity })}
          />
          <Input.Search
            allowClear
            placeholder={t('platformLog.search')}
            aria-label={t('platformLog.search')}
            style={{ width: 220 }}
            onSearch={(text) => setFilters({ text: text || undefined })}
          />
        </>
      }
      columns={columns}
      log={log}
      paging={paging}
      scroll={{ x: 800 }}
      expandable={{
        rowExpandable: (entry) => entry.details !== '{}',
        expandedRowRender: (entry) => (
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>{JSON.stringify(JSON.parse(entry.details), null, 2)}</pre>
        ),
      }}
    />
  );
}
