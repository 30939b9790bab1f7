import { type DepartmentCreateBody, powerInfoCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { powerInfoKey } from './keys.ts';

export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepartmentCreateBody) => request(powerInfoCalls.createDepartment, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: powerInfoKey }),
  });
}
