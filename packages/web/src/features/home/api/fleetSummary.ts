import type { FleetSummary } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Refreshed as often as devices report (every 5 minutes by default), a little more often. */
const REFRESH_MS = 60_000;

export function useFleetSummary() {
  return useQuery({
    queryKey: ['plant', 'summary'],
    queryFn: ({ signal }) => request<FleetSummary>('GET', '/c/v0/plant/summary', { signal }),
    refetchInterval: REFRESH_MS,
  });
}
