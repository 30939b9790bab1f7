import { type InvitationListBody, invitationCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const invitationKey = ['invitation'] as const;

export function useInvitationList(filters: Partial<InvitationListBody>) {
  return useQuery({
    queryKey: [...invitationKey, 'list', filters],
    queryFn: ({ signal }) => request(invitationCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
