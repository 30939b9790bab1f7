import { invitationCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { invitationKey } from './listInvitations.ts';

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(invitationCalls.revoke, { id }, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKey }),
  });
}
