// @vitest-environment happy-dom
import type { PaginationProps } from 'antd';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useLocalPagination } from './pagination.ts';

/** Records what the hook gives at each render (a table's `pagination`). */
function Probe({ total, seen }: { total: number; seen: (PaginationProps | false)[] }) {
  seen.push(useLocalPagination(total, 20));
  return null;
}

/** Renders the hook and answers what it gave last. */
function renderPagination(total: number) {
  const seen: (PaginationProps | false)[] = [];
  const root = createRoot(document.createElement('div'));
  act(() => root.render(<Probe total={total} seen={seen} />));
  return { last: () => seen.at(-1), unmount: () => act(() => root.unmount()) };
}

describe('pagination of rows held whole', () => {
  it('starts on the first page at the size asked, keeps the page and size chosen, and hides when there are no rows', () => {
    const probe = renderPagination(57);
    const first = probe.last();
    if (!first) throw new Error('expected pagination');
    expect([first.current, first.pageSize, first.total, first.showQuickJumper]).toEqual([1, 20, 57, true]);
    act(() => first.onChange?.(3, 10));
    const moved = probe.last();
    expect(moved && [moved.current, moved.pageSize]).toEqual([3, 10]);
    probe.unmount();
    const empty = renderPagination(0);
    expect(empty.last()).toBe(false);
    empty.unmount();
  });
});
