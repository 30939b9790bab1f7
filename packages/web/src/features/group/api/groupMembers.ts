import type { GroupKind, GroupMember, GroupMembersBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { groupKey } from './listGroups.ts';

export function useGroupMembers(query: GroupMembersBody | undefined) {
  return useQuery({
    queryKey: [...groupKey, 'members', query],
    queryFn: ({ signal }) =>
      request<{ total: number; kind: GroupKind; members: GroupMember[] }>('POST', '/c/v0/group/members', { body: query, signal }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}
