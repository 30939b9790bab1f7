import { useState } from 'react';
import { useClientStore } from './clientStore.ts';

type PageSize = 10 | 20 | 50;

/**
 * The state of a server-paginated, filtered list, starting from the client state's pagination
 * defaults (spec section 3); a new filter goes back to page 1.
 */
export function usePagedFilters<F extends object>(initial: F) {
  const [query, setQuery] = useState(() => {
    const { currentPage, pageSize } = useClientStore.getState().pagination;
    return { currentPage, pageSize: pageSize as PageSize, ...initial };
  });
  return {
    query,
    setFilters: (filters: Partial<F>) => setQuery((state) => ({ ...state, ...filters, currentPage: 1 })),
    setPage: (currentPage: number, pageSize: number) => setQuery((state) => ({ ...state, currentPage, pageSize: pageSize as PageSize })),
  };
}
