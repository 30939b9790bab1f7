import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { groupKey } from './listGroups.ts';

export function useRenameGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; name: string }) =>
      request<Record<string, never>>('POST', '/c/v0/group/rename', { body, loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey }),
  });
}
