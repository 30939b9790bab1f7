import { groupCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { groupKey } from './listGroups.ts';

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(groupCalls.delete, { id }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKey }),
  });
}
