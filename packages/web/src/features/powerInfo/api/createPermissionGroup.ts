import { type PermissionGroupCreateBody, powerInfoCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { powerInfoKey } from './keys.ts';

export function useCreatePermissionGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PermissionGroupCreateBody) => request(powerInfoCalls.createGroup, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: powerInfoKey }),
  });
}
