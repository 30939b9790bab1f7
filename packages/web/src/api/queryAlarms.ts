import { type AlarmQueryBody, type AlarmView, alarmCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../lib/http.ts';

export const alarmListKey = ['alarm', 'query'] as const;

/**
 * A page of alarms (POST /c/v0/alarm/query) of one list (`view`) with its filters and page (`key`).
 * `body` is called at each fetch, so a rolling range ("the last 15 days") ends at the moment of every
 * refresh while the query key stays the same; `refreshMs` refetches on that interval (only while the
 * browser shows the page).
 */
export function useAlarmQuery(view: AlarmView, key: object, body: () => AlarmQueryBody, options: { refreshMs?: number } = {}) {
  return useQuery({
    queryKey: [...alarmListKey, view, key],
    queryFn: ({ signal }) => request(alarmCalls.query, body(), { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: options.refreshMs ?? false,
    refetchIntervalInBackground: false,
  });
}
