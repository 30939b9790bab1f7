import { type DeviceHistoryQueryBody, monitoringCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { followStream, request } from '../../../lib/http.ts';

/** One device now, as its live stream sends it. */
export interface DeviceNow {
  sn: string;
  /** When the newest values were measured; null when the device never reported. */
  ts: number | null;
  vars: Record<string, number>;
  /** The zone of the device's plant: its calendar, and the times of its exports. */
  timeZone: string;
  /** kWh per counter the device reports, in its plant's day. */
  today: Record<string, number>;
}

/** A device's newest values, kept current by its live stream (the first event is the device now). */
export function useDeviceNow(sn: string): DeviceNow | undefined {
  const [now, setNow] = useState<DeviceNow>();
  useEffect(() => {
    if (sn === '') return;
    const stop = new AbortController();
    void followStream(monitoringCalls.deviceStream, { sn }, (next: DeviceNow) => setNow(next), stop.signal);
    return () => stop.abort();
  }, [sn]);
  return now;
}

export function useDeviceHistory(body: DeviceHistoryQueryBody, enabled: boolean) {
  return useQuery({
    queryKey: ['device', 'history', body],
    queryFn: ({ signal }) => request(monitoringCalls.deviceHistory, body, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
