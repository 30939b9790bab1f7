import { type FirmwareListBody, firmwareCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const firmwareListKey = ['firmware', 'list'] as const;

/** A page of the firmware library, newest first. */
export function useFirmwareList(filters: Partial<FirmwareListBody>, enabled = true) {
  return useQuery({
    queryKey: [...firmwareListKey, filters],
    queryFn: ({ signal }) => request(firmwareCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
