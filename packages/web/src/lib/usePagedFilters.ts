import { PAGE_SIZE_DEFAULT } from '@sunstack/shared';
import { useState } from 'react';

/** The state of a server-paginated, filtered list: a new filter goes back to page 1. */
export function usePagedFilters<F extends object>(initial: F) {
  const [query, setQuery] = useState({ currentPage: 1, pageSize: PAGE_SIZE_DEFAULT as 10 | 20 | 50, ...initial });
  return {
    query,
    setFilters: (filters: Partial<F>) => setQuery((state) => ({ ...state, ...filters, currentPage: 1 })),
    setPage: (currentPage: number, pageSize: number) =>
      setQuery((state) => ({ ...state, currentPage, pageSize: pageSize as 10 | 20 | 50 })),
  };
}
