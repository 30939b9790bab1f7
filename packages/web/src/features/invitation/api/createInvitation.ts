import { type InvitationCreateBody, invitationCalls } from '@sunstack/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { invitationKey } from './listInvitations.ts';

/** Invites an address; the server mails the link. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationCreateBody) => request(invitationCalls.create, body, { loading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKey }),
  });
}
