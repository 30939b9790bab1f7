import { RELATIVE_TIME_REFRESH_MS } from '@sunstack/shared';
import { useEffect, useState } from 'react';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 12 * MONTH;

/** The thresholds of spec section 9: minute, hour, day, week, 30-day month, 12x30-day year. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', YEAR],
  ['month', MONTH],
  ['week', WEEK],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/** "5 minutes ago", "in 2 days", in the given language (Intl speaks all 12). */
export function relativeTime(at: number, now: number, languageTag: string): string {
  const format = new Intl.RelativeTimeFormat(languageTag, { numeric: 'auto' });
  const diff = at - now;
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return format.format(Math.trunc(diff / size), unit);
  }
  return format.format(0, 'minute');
}

/** The current time, refreshed every 60 s, so relative times on screen stay true. */
export function useNow(intervalMs = RELATIVE_TIME_REFRESH_MS): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
