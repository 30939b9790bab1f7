import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { powerInfoKey } from './keys.ts';

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request('POST', '/c/v0/department/delete', { body: { id }, loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: powerInfoKey }),
  });
}
