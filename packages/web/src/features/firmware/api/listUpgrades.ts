import { type UpgradeListBody, upgradeCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const upgradeListKey = ['upgrade', 'list'] as const;

/** A page of the upgrade tasks the caller sees, with their counts. */
export function useUpgradeList(filters: Partial<UpgradeListBody>) {
  return useQuery({
    queryKey: [...upgradeListKey, filters],
    queryFn: ({ signal }) => request(upgradeCalls.list, filters, { signal }),
    placeholderData: keepPreviousData,
  });
}
