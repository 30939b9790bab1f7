import type { UseQueryResult } from '@tanstack/react-query';
import { DatePicker, Flex, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../components/PagedTable.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useMinuteFormat } from '../../../lib/minuteFormat.ts';
import { useTabBusy } from '../../../lib/tabs/tabContext.ts';
import type { usePagedFilters } from '../../../lib/usePagedFilters.ts';

/** The time range every log is filtered by, in UTC ms (either end open). */
export type TimeRange = { from?: number; to?: number };

/**
 * One log of the log audit screen: its own filters and then the time range above, its entries paged
 * on the server below, each starting with its local time.
 */
export function LogTable<Entry extends { id: number; at: number }>({
  filters,
  columns,
  log,
  paging,
  ...table
}: {
  /** The log's own filters, shown before the time range. */
  filters: ReactNode;
  /** The columns after the time. */
  columns: ColumnsType<Entry>;
  log: UseQueryResult<{ total: number; entries: Entry[] }>;
  paging: ReturnType<typeof usePagedFilters<TimeRange>>;
} & Pick<TableProps<Entry>, 'scroll' | 'expandable'>) {
  const { t, i18n } = useTranslation();
  const minuteFormat = useMinuteFormat();
  useTabBusy(log.isFetching);
  const timeColumn: ColumnsType<Entry>[number] = {
    title: t('log.time'),
    dataIndex: 'at',
    render: (at: number) => formatDateTime(at, i18n.language),
  };

  return (
    <>
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        {filters}
        <DatePicker.RangePicker
          showTime={{ showSecond: false }}
          format={minuteFormat}
          aria-label={t('log.time')}
          onChange={(range) => paging.setFilters({ from: range?.[0]?.valueOf(), to: range?.[1]?.valueOf() })}
        />
      </Flex>
      <PagedTable
        rowKey="id"
        columns={[timeColumn, ...columns]}
        rows={log.data?.entries}
        total={log.data?.total}
        paging={paging}
        list={log}
        {...table}
      />
    </>
  );
}
