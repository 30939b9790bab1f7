import { invitationCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** What an invitation link stands for (address, role, branch), or errno 41940 when it cannot be used. */
export function useInvitationCheck(token: string | null) {
  return useQuery({
    queryKey: ['invitation', 'check', token],
    // Silent: the sign-up page says itself that the link cannot be used.
    queryFn: ({ signal }) => request(invitationCalls.check, { token: token ?? '' }, { signal, silent: true }),
    enabled: token !== null,
    retry: false,
  });
}
