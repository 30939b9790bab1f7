import { type BranchKind, type BranchListBody, branchCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const branchListKey = (kind: BranchKind) => ['branch', kind] as const;

/** Distributors (/c/v0/distributor/list) or agents (/c/v0/agent/list) in scope, filtered and paginated. */
export function useBranchList(kind: BranchKind, filters: Partial<BranchListBody>, enabled = true) {
  return useQuery({
    queryKey: [...branchListKey(kind), filters],
    queryFn: ({ signal }) => request(branchCalls[kind].list, filters, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
