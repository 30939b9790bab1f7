import { groupCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { groupKey } from './listGroups.ts';

export function useRenameGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; name: string }) => request(groupCalls.rename, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey }),
  });
}
