import { type BranchCreateBody, type BranchKind, branchCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { branchListKey } from './listBranches.ts';

/** Creates a distributor or an agent; answers its sign-up code. */
export function useCreateBranch(kind: BranchKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BranchCreateBody) => request(branchCalls[kind].create, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchListKey(kind) }),
  });
}
