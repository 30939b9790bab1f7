import { type GroupListBody, groupCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const groupKey = ['group'] as const;

export function useGroupList(filters: Partial<GroupListBody>) {
  return useQuery({
    queryKey: [...groupKey, 'list', filters],
    queryFn: ({ signal }) => request(groupCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
