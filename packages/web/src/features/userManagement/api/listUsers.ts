import type { UserListBody, UserSummary } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Every user management query starts with this key, so a change refreshes them all. */
export const userListKey = ['userManagement'] as const;

export function useUserList(filters: Partial<UserListBody>) {
  return useQuery({
    queryKey: [...userListKey, 'list', filters],
    queryFn: ({ signal }) => request<{ total: number; users: UserSummary[] }>('POST', '/c/v0/user/list', { body: filters, signal }),
    placeholderData: keepPreviousData,
  });
}
