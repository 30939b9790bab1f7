import { PAGE_SIZE_OPTIONS } from '@sunstack/shared';
import type { PaginationProps } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The pagination of spec section 2: "showing from-to of total rows", sizes 10/20/50, prev,
 * pager (5 buttons), next and jumper; hidden when there is nothing to page.
 */
export function paginationProps(
  t: TFunction,
  page: { current: number; pageSize: number; total: number },
  onChange: (current: number, pageSize: number) => void,
): PaginationProps | false {
  if (page.total === 0) return false;
  return {
    current: page.current,
    pageSize: page.pageSize,
    total: page.total,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showLessItems: true,
    showTotal: (total, [from, to]) => t('pagination.showTotal', { from, to, total }),
    onChange,
  };
}

/**
 * The same pagination for a table that holds its rows whole (answered at once, paged in the browser): the page and its
 * size are kept here.
 */
export function useLocalPagination(total: number, initialSize: (typeof PAGE_SIZE_OPTIONS)[number] = 10) {
  const { t } = useTranslation();
  const [page, setPage] = useState<{ current: number; pageSize: number }>({ current: 1, pageSize: initialSize });
  return paginationProps(t, { ...page, total }, (current, pageSize) => setPage({ current, pageSize }));
}
