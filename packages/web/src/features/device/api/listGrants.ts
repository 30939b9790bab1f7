import type { DeviceGrantListBody, DeviceGrantRow } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const grantListKey = ['device', 'grants'] as const;

export function useGrantList(filters: Partial<DeviceGrantListBody>) {
  return useQuery({
    queryKey: [...grantListKey, filters],
    queryFn: ({ signal }) => request<{ total: number; grants: DeviceGrantRow[] }>('POST', '/c/v0/device/grants', { body: filters, signal }),
    placeholderData: keepPreviousData,
  });
}
