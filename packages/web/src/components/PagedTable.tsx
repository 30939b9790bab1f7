import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { paginationProps } from '../lib/pagination.ts';
import type { usePagedFilters } from '../lib/usePagedFilters.ts';
import { type ListQuery, listTableState } from './LoadFailed.tsx';

type Paging = Pick<ReturnType<typeof usePagedFilters<object>>, 'query' | 'setPage'>;

/**
 * A table over one server-paginated list: the page state of usePagedFilters, the spec's pager, and the
 * list's query (loading, or its failure with a retry in place of the rows).
 */
export function PagedTable<Row extends object>({
  paging,
  list,
  rows,
  total,
  emptyText,
  ...table
}: Omit<TableProps<Row>, 'dataSource' | 'pagination' | 'loading' | 'locale'> & {
  paging: Paging;
  list: ListQuery;
  rows: Row[] | undefined;
  total: number | undefined;
  emptyText?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { query, setPage } = paging;
  const { failed, loading, locale } = listTableState(list, emptyText);
  return (
    <Table<Row>
      size="middle"
      dataSource={failed ? [] : rows}
      loading={loading}
      locale={locale}
      pagination={paginationProps(t, { current: query.currentPage, pageSize: query.pageSize, total: failed ? 0 : (total ?? 0) }, setPage)}
      {...table}
    />
  );
}
