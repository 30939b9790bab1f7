import type { BranchKind, BranchListBody, BranchSummary } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export interface BranchPage {
  total: number;
  branches: BranchSummary[];
}

export const branchListKey = (kind: BranchKind) => ['branch', kind] as const;

/** Distributors (/c/v0/distributor/list) or agents (/c/v0/agent/list) in scope, filtered and paginated. */
export function useBranchList(kind: BranchKind, filters: Partial<BranchListBody>, enabled = true) {
  return useQuery({
    queryKey: [...branchListKey(kind), filters],
    queryFn: ({ signal }) => request<BranchPage>('POST', `/c/v0/${kind}/list`, { body: filters, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
