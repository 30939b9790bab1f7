import { reportCalls, type TrendBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** New plants, devices and kWp per month (POST /c/v0/report/trend). */
export function useTrend(body: TrendBody) {
  return useQuery({
    queryKey: ['report', 'trend', body],
    queryFn: ({ signal }) => request(reportCalls.trend, body, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** What in the fleet needs attention now (GET /c/v0/report/devops), asked again every minute. */
export function useDevops() {
  return useQuery({
    queryKey: ['report', 'devops'],
    queryFn: ({ signal }) => request(reportCalls.devops, undefined, { signal }),
    refetchInterval: 60_000,
  });
}
