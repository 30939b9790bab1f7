import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { invitationKey } from './listInvitations.ts';

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<Record<string, never>>('POST', '/c/v0/invitation/revoke', { body: { id }, loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKey }),
  });
}
