import { type DeviceListBody, deviceCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../lib/http.ts';

export const deviceListKey = ['device', 'list'] as const;

export function useDeviceList(filters: Partial<DeviceListBody>, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...deviceListKey, filters],
    queryFn: ({ signal }) => request(deviceCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
