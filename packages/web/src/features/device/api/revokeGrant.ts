import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { grantListKey } from './listGrants.ts';

export function useRevokeGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { sn: string; integrator: string }) => request('POST', '/c/v0/device/revoke', { body, loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grantListKey }),
  });
}
