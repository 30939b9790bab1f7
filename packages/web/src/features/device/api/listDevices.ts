import type { DeviceListBody, DeviceType } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export interface DeviceRow {
  sn: string;
  type: DeviceType;
  model: string;
  dataloggerSn: string;
  plantId: number | null;
  plantName: string;
  ratedPowerKw: number | null;
  firmware: Record<string, string>;
  lastSeenAt: number | null;
}

export function useDeviceList(filters: Partial<DeviceListBody>) {
  return useQuery({
    queryKey: ['device', 'list', filters],
    queryFn: ({ signal }) => request<{ total: number; devices: DeviceRow[] }>('POST', '/c/v0/device/list', { body: filters, signal }),
    placeholderData: keepPreviousData,
  });
}
