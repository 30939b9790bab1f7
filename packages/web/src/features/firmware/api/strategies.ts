import { type StrategyListBody, upgradeCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const strategyListKey = ['upgrade', 'strategies'] as const;

/** A page of the strategy upgrades, newest first; followed every few seconds while one runs. */
export function useStrategyList(filters: Partial<StrategyListBody>, enabled: boolean) {
  return useQuery({
    queryKey: [...strategyListKey, filters],
    queryFn: ({ signal }) => request(upgradeCalls.strategyList, filters, { signal }),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (query) => (query.state.data?.strategies.some((row) => row.status === 'inProgress') ? 3000 : false),
  });
}
