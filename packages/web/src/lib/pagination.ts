import { PAGE_SIZE_OPTIONS } from '@sunstack/shared';
import type { PaginationProps } from 'antd';
import type { TFunction } from 'i18next';

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
