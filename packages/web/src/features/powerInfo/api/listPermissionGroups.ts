import { type PermissionGroupListBody, powerInfoCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { powerInfoKey } from './keys.ts';

export function usePermissionGroups(filters: Partial<PermissionGroupListBody>) {
  return useQuery({
    queryKey: [...powerInfoKey, 'groups', filters],
    queryFn: ({ signal }) => request(powerInfoCalls.groups, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
