/**
 * Where a sample falls in its plant's calendar. Time is stored in UTC; days, months and years of a
 * plant are its local calendar (a DST day has 23 or 25 hours). Every offset in use is a multiple of
 * 15 minutes, so UTC 5-minute buckets are also local 5-minute buckets.
 */

export const FIVE_MINUTES_MS = 300_000;
const HOUR_MS = 3_600_000;

export const INTERVAL_GRAINS = ['5m', '1h'] as const;
export const CALENDAR_GRAINS = ['day', 'month', 'year'] as const;
export type IntervalGrain = (typeof INTERVAL_GRAINS)[number];
export type CalendarGrain = (typeof CALENDAR_GRAINS)[number];

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Offsets change only on quarter hours, so one lookup per zone and quarter hour is enough. */
const offsetCache = new Map<string, number>();
const OFFSET_CACHE_MAX = 200_000;

/** The zone's offset from UTC at `ts`, in ms (Europe/Berlin in summer: +7,200,000). */
export function offsetAt(timeZone: string, ts: number): number {
  const quarter = Math.floor(ts / 900_000);
  const key = `${timeZone}|${quarter}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return cached;
  const at = quarter * 900_000;
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const local = Date.UTC(parts.year as number, (parts.month as number) - 1, parts.day, parts.hour, parts.minute);
  const offset = local - at;
  if (offsetCache.size >= OFFSET_CACHE_MAX) offsetCache.clear();
  offsetCache.set(key, offset);
  return offset;
}

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
  const guess = Date.UTC(y, m - 1, d);
  // The offset at local midnight: try the offset at the guess, then correct once (DST changes happen at night).
  const first = guess - offsetAt(timeZone, guess);
  return guess - offsetAt(timeZone, first);
}

/** Today's local date of a zone, e.g. for "today's yield". */
export const localDateOf = (ts: number, timeZone: string) => bucketsOf(ts, timeZone).day;
