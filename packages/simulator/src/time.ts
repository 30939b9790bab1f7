/** Local calendar of a plant from UTC milliseconds and its IANA zone, through Intl (DST included). */

import { offsetAt } from '@sunstack/shared';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface LocalTime {
  /** Hours since local midnight, fractional (7.5 is 07:30). */
  hour: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** 1 … 366. */
  dayOfYear: number;
  /** Days since 1970-01-01 of the local date: changes at local midnight. */
  dayNumber: number;
  month: number;
  year: number;
}

export function localTime(ts: number, timeZone: string): LocalTime {
  const shifted = ts + offsetAt(timeZone, ts);
  const date = new Date(shifted);
  const dayNumber = Math.floor(shifted / DAY_MS);
  const year = date.getUTCFullYear();
  return {
    hour: (shifted - dayNumber * DAY_MS) / HOUR_MS,
    weekday: date.getUTCDay(),
    dayOfYear: dayNumber - Math.floor(Date.UTC(year, 0, 1) / DAY_MS) + 1,
    dayNumber,
    month: date.getUTCMonth() + 1,
    year,
  };
}

/** Rounds `ts` down to a multiple of `stepMs` (wall-clock aligned sample times). */
export function alignDown(ts: number, stepMs: number): number {
  return Math.floor(ts / stepMs) * stepMs;
}
