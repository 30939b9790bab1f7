import type { DeviceListBody, DeviceSummary } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const uncreatedDevicesKey = ['datalogger', 'uncreatedDevices'] as const;

/** Devices that dataloggers reported but that are in no plant yet (switch device.viewUncreated). */
export function useUncreatedDevices(filters: Omit<Partial<DeviceListBody>, 'uncreated'>) {
  return useQuery({
    queryKey: [...uncreatedDevicesKey, filters],
    queryFn: ({ signal }) =>
      request<{ total: number; devices: DeviceSummary[] }>('POST', '/c/v0/device/list', { body: { ...filters, uncreated: true }, signal }),
    placeholderData: keepPreviousData,
  });
}
