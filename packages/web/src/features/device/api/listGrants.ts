import { type DeviceGrantListBody, deviceCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const grantListKey = ['device', 'grants'] as const;

export function useGrantList(filters: Partial<DeviceGrantListBody>) {
  return useQuery({
    queryKey: [...grantListKey, filters],
    queryFn: ({ signal }) => request(deviceCalls.grants, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
