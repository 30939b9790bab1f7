import { type GroupCreateBody, groupCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { groupKey } from './listGroups.ts';

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupCreateBody) => request(groupCalls.create, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey }),
  });
}
