import { economicsCalls } from '@sunstack/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** A battery's state of health and cycles, now and per month. */
export function useBatteryHealth(sn: string) {
  return useQuery({
    queryKey: ['device', 'batteryHealth', sn],
    queryFn: ({ signal }) => request(economicsCalls.batteryHealth, { sn }, { signal }),
  });
}

/** An EV charger's sessions that began in a month of its plant's calendar. */
export function useChargingSessions(sn: string, year: number, month: number) {
  return useQuery({
    queryKey: ['device', 'chargingSessions', sn, year, month],
    queryFn: ({ signal }) => request(economicsCalls.chargingSessions, { sn, year, month }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** An inverter's PV strings side by side over a day of its plant's calendar. */
export function useStringComparison(sn: string, date: string) {
  return useQuery({
    queryKey: ['device', 'strings', sn, date],
    queryFn: ({ signal }) => request(economicsCalls.stringComparison, { sn, date }, { signal }),
    placeholderData: keepPreviousData,
  });
}
