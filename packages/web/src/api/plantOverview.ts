import { monitoringCalls, type PlantListBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../lib/http.ts';

/** Devices report every 5 minutes by default; the figures are read again a little more often. */
const REFRESH_MS = 60_000;

export function usePlantOverview(filters: Partial<PlantListBody>) {
  return useQuery({
    queryKey: ['plant', 'overview', filters],
    queryFn: ({ signal }) => request(monitoringCalls.plantOverview, filters, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}
