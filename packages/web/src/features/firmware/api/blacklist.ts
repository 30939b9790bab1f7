import { type BlacklistListBody, firmwareCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const blacklistKey = ['firmware', 'blacklist'] as const;

/** A page of the blacklist, newest first. */
export function useBlacklist(filters: Partial<BlacklistListBody>) {
  return useQuery({
    queryKey: [...blacklistKey, filters],
    queryFn: ({ signal }) => request(firmwareCalls.blacklistList, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
