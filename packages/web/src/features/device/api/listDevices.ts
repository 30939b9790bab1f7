import type { DeviceListBody, DeviceSummary } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export interface DevicePage {
  total: number;
  currentPage: number;
  pageSize: number;
  devices: DeviceSummary[];
}

export const deviceListKey = ['device', 'list'] as const;

export function useDeviceList(filters: Partial<DeviceListBody>, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...deviceListKey, filters],
    queryFn: ({ signal }) => request<DevicePage>('POST', '/c/v0/device/list', { body: filters, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
