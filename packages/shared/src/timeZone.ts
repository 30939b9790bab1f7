/** A zone's offset from UTC through Intl (DST included), for the server's plant calendar and the simulator's clocks. */

/** Offsets change on whole quarter hours of UTC in every zone, so a quarter hour is a safe cache key. */
const QUARTER_HOUR_MS = 900_000;
/** Quarter hours kept per zone before its cache starts again (about three years). */
const OFFSET_CACHE_MAX = 100_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCaches = new Map<string, Map<number, number>>();

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

/** The zone's offset from UTC at `ts`, in ms (Europe/Berlin in summer: +7,200,000). */
export function offsetAt(timeZone: string, ts: number): number {
  const quarter = Math.floor(ts / QUARTER_HOUR_MS);
  let cache = offsetCaches.get(timeZone);
  if (!cache) {
    cache = new Map();
    offsetCaches.set(timeZone, cache);
  }
  const cached = cache.get(quarter);
  if (cached !== undefined) return cached;
  const at = quarter * QUARTER_HOUR_MS;
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const local = Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
  const offset = local - at;
  if (cache.size >= OFFSET_CACHE_MAX) cache.clear();
  cache.set(quarter, offset);
  return offset;
}
