import { powerInfoCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { powerInfoKey } from './keys.ts';

export function useDeletePermissionGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(powerInfoCalls.deleteGroup, { id }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: powerInfoKey }),
  });
}
