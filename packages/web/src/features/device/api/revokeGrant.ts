import { deviceCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { grantListKey } from './listGrants.ts';

export function useRevokeGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { sn: string; integrator: string }) => request(deviceCalls.revoke, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grantListKey }),
  });
}
