import type { DeviceHistoryQueryBody } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Devices report every 5 minutes by default; the values are read again a little more often. */
const REALTIME_REFRESH_MS = 60_000;

export interface DeviceValues {
  sn: string;
  ts: number | null;
  vars: Record<string, number>;
}

export function useDeviceRealtime(sn: string) {
  return useQuery({
    queryKey: ['device', 'real', sn],
    queryFn: async ({ signal }) =>
      (await request<{ devices: DeviceValues[] }>('POST', '/c/v0/device/real/query', { body: { sns: [sn] }, signal })).devices[0],
    refetchInterval: REALTIME_REFRESH_MS,
    enabled: sn !== '',
  });
}

export interface DeviceHistory {
  resolutionMs: number;
  series: { variable: string; data: [number, number][] }[];
}

export function useDeviceHistory(body: DeviceHistoryQueryBody, enabled: boolean) {
  return useQuery({
    queryKey: ['device', 'history', body],
    queryFn: ({ signal }) => request<DeviceHistory>('POST', '/c/v0/device/history/query', { body, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
