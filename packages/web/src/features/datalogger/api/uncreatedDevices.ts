import { type DeviceListBody, deviceCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const uncreatedDevicesKey = ['datalogger', 'uncreatedDevices'] as const;

/** Devices that dataloggers reported but that are in no plant yet (switch device.viewUncreated). */
export function useUncreatedDevices(filters: Omit<Partial<DeviceListBody>, 'uncreated'>) {
  return useQuery({
    queryKey: [...uncreatedDevicesKey, filters],
    queryFn: ({ signal }) => request(deviceCalls.list, { ...filters, uncreated: true }, { signal }),
    placeholderData: keepPreviousData,
  });
}
