import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const now = Date.UTC(2026, 0, 1);

describe('relative time (spec section 9 thresholds)', () => {
  it('picks minute, hour, day, week, 30-day month and 12x30-day year', () => {
    expect(relativeTime(now - 30_000, now, 'en')).toBe('this minute');
    expect(relativeTime(now - 5 * MINUTE, now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(now - 3 * 60 * MINUTE, now, 'en')).toBe('3 hours ago');
    expect(relativeTime(now - 2 * DAY, now, 'en')).toBe('2 days ago');
    expect(relativeTime(now - 8 * DAY, now, 'en')).toBe('last week');
    expect(relativeTime(now - 29 * DAY, now, 'en')).toBe('4 weeks ago');
    expect(relativeTime(now - 30 * DAY, now, 'en')).toBe('last month');
    expect(relativeTime(now - 359 * DAY, now, 'en')).toBe('11 months ago');
    expect(relativeTime(now - 360 * DAY, now, 'en')).toBe('last year');
    expect(relativeTime(now + 2 * DAY, now, 'en')).toBe('in 2 days');
  });

  it('speaks the chosen language', () => {
    expect(relativeTime(now - 2 * DAY, now, 'de')).toBe('vorgestern');
    expect(relativeTime(now - 5 * MINUTE, now, 'fr')).toBe('il y a 5 minutes');
  });
});
