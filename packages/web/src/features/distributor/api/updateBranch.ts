import { type BranchKind, type BranchUpdateBody, branchCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { branchListKey } from './listBranches.ts';

/** Changes a distributor's or agent's name, country, email or sign-up code. */
export function useUpdateBranch(kind: BranchKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BranchUpdateBody) => request(branchCalls[kind].update, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchListKey(kind) }),
  });
}
