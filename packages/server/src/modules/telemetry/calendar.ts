/**
 * Where a sample falls in its plant's calendar. Time is stored in UTC; days, months and years of a
 * plant are its local calendar (a DST day has 23 or 25 hours). Every offset in use is a multiple of
 * 15 minutes, so UTC 5-minute buckets are also local 5-minute buckets.
 */

import { offsetAt } from '@sunstack/shared';

export const FIVE_MINUTES_MS = 300_000;
const HOUR_MS = 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** The buckets a sample at `ts` belongs to: interval starts as UTC ms, calendar starts as local dates. */
export function bucketsOf(ts: number, timeZone: string) {
  const fiveMinutes = Math.floor(ts / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
  const offset = offsetAt(timeZone, ts);
  const local = new Date(ts + offset);
  const hour = Math.floor((ts + offset) / HOUR_MS) * HOUR_MS - offset;
  const year = local.getUTCFullYear();
  const month = `${year}-${pad(local.getUTCMonth() + 1)}`;
  return {
    '5m': fiveMinutes,
    '1h': hour,
    day: `${month}-${pad(local.getUTCDate())}`,
    month: `${month}-01`,
    year: `${year}-01-01`,
  } as const;
}

/** The UTC instant a local date ('2026-03-29') starts at in `timeZone`. */
export function startOfLocalDate(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(y, m - 1, d);
  // The offset at local midnight: try the offset at UTC midnight, then correct once (DST changes happen at night).
  const start = midnight - offsetAt(timeZone, midnight - offsetAt(timeZone, midnight));
  // Where clocks skip from 00:00 (Santiago, Havana, the Azores…), that instant is still the day before:
  // the day starts when they skip, at midnight by the offset before.
  const offsetBefore = offsetAt(timeZone, start);
  return start + offsetBefore < midnight ? midnight - offsetBefore : start;
}

/** Today's local date of a zone, e.g. for "today's yield". */
export const localDateOf = (ts: number, timeZone: string) => bucketsOf(ts, timeZone).day;
