import { monitoringCalls } from '@sunstack/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** The home screen's cards refresh as often as devices report (every 5 minutes by default), a little more often. */
export const HOME_REFRESH_MS = 60_000;

/** `enabled`: false for an account that does not reach plants (the card is not shown). */
export function useFleetSummary({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: ['plant', 'summary'],
    queryFn: ({ signal }) => request(monitoringCalls.fleetSummary, undefined, { signal }),
    refetchInterval: HOME_REFRESH_MS,
  });
}
