import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { paginationProps } from './pagination.ts';

const t = ((key: string, vars: Record<string, number>) => `${key}:${vars.from}-${vars.to}/${vars.total}`) as unknown as TFunction;

describe('pagination (spec sections 2 and 9)', () => {
  it('is hidden when there is nothing to page', () => {
    expect(paginationProps(t, { current: 1, pageSize: 10, total: 0 }, () => {})).toBe(false);
  });

  it('offers sizes 10, 20, 50, a jumper, 5 pager buttons and the total text', () => {
    const props = paginationProps(t, { current: 2, pageSize: 10, total: 57 }, () => {});
    if (!props) throw new Error('expected pagination');
    expect(props.pageSizeOptions).toEqual(['10', '20', '50']);
    expect(props.showQuickJumper).toBe(true);
    expect(props.showSizeChanger).toBe(true);
    expect(props.showLessItems).toBe(true);
    expect(props.showTotal?.(57, [11, 20])).toBe('pagination.showTotal:11-20/57');
  });
});
