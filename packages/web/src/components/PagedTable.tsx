import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { paginationProps } from '../lib/pagination.ts';
import type { usePagedFilters } from '../lib/usePagedFilters.ts';

type Paging = Pick<ReturnType<typeof usePagedFilters<object>>, 'query' | 'setPage'>;

/** A table over one server-paginated list: the page state of usePagedFilters and the spec's pager. */
export function PagedTable<Row extends object>({
  paging,
  rows,
  total,
  ...table
}: Omit<TableProps<Row>, 'dataSource' | 'pagination'> & { paging: Paging; rows: Row[] | undefined; total: number | undefined }) {
  const { t } = useTranslation();
  const { query, setPage } = paging;
  return (
    <Table<Row>
      size="middle"
      dataSource={rows}
      pagination={paginationProps(t, { current: query.currentPage, pageSize: query.pageSize, total: total ?? 0 }, setPage)}
      {...table}
    />
  );
}
