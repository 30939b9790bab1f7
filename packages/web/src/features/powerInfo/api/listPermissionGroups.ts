import type { PermissionGroupListBody, PermissionGroupSummary } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { powerInfoKey } from './keys.ts';

export interface PermissionGroupPage {
  total: number;
  currentPage: number;
  pageSize: number;
  groups: PermissionGroupSummary[];
}

export function usePermissionGroups(filters: Partial<PermissionGroupListBody>) {
  return useQuery({
    queryKey: [...powerInfoKey, 'groups', filters],
    queryFn: ({ signal }) => request<PermissionGroupPage>('POST', '/c/v0/permissionGroup/list', { body: filters, signal }),
    placeholderData: keepPreviousData,
  });
}
