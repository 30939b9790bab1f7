import type { BranchCreateBody, BranchKind } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { branchListKey } from './listBranches.ts';

/** Creates a distributor or an agent; answers its sign-up code. */
export function useCreateBranch(kind: BranchKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BranchCreateBody) => request<{ id: number; code: string }>('POST', `/c/v0/${kind}/create`, { body, loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchListKey(kind) }),
  });
}
