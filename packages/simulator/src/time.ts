/** Local calendar of a plant from UTC milliseconds and its IANA zone, through Intl (DST included). */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCaches = new Map<string, Map<number, number>>();
/** Offsets change on whole quarter hours of UTC in every zone, so a quarter hour is a safe cache key. */
const SLOT_MS = 15 * MINUTE_MS;

function formatterOf(timeZone: string): Intl.DateTimeFormat {
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

/** The zone's offset from UTC in ms at `ts` (e.g. +7,200,000 for Berlin in summer). */
export function zoneOffsetMs(timeZone: string, ts: number): number {
  const slot = Math.floor(ts / SLOT_MS);
  let cache = offsetCaches.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsetCaches.set(timeZone, cache);
  }
  const cached = cache.get(slot);
  if (cached !== undefined) return cached;
  const at = slot * SLOT_MS;
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const local = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
  const offset = local - at;
  if (cache.size > 100_000) cache.clear();
  cache.set(slot, offset);
  return offset;
}

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
  const shifted = ts + zoneOffsetMs(timeZone, ts);
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
