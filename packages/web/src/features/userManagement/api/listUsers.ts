import { type UserListBody, userCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Every user management query starts with this key, so a change refreshes them all. */
export const userListKey = ['userManagement'] as const;

export function useUserList(filters: Partial<UserListBody>) {
  return useQuery({
    queryKey: [...userListKey, 'list', filters],
    queryFn: ({ signal }) => request(userCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
