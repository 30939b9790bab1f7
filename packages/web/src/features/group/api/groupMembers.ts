import { type GroupMembersBody, groupCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { groupKey } from './listGroups.ts';

export function useGroupMembers(query: GroupMembersBody | undefined) {
  return useQuery({
    queryKey: [...groupKey, 'members', query],
    // Asked only with a query (enabled below).
    queryFn: ({ signal }) => request(groupCalls.members, query as GroupMembersBody, { signal }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}
