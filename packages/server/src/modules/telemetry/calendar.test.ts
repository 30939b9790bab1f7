import { offsetAt } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { bucketsOf, startOfLocalDate } from './calendar.ts';

describe('plant calendar', () => {
  it('gives a DST day 23 or 25 hours', () => {
    const hours = (day: string, next: string, zone: string) => (startOfLocalDate(next, zone) - startOfLocalDate(day, zone)) / 3_600_000;
    expect(hours('2026-03-29', '2026-03-30', 'Europe/Berlin')).toBe(23);
    expect(hours('2026-10-25', '2026-10-26', 'Europe/Berlin')).toBe(25);
    expect(hours('2026-10-04', '2026-10-05', 'Australia/Sydney')).toBe(23);
    expect(hours('2026-06-01', '2026-06-02', 'Asia/Kolkata')).toBe(24);
  });

  it('puts a sample in its local day, month and hour', () => {
    // 23:30 UTC on 31 December is already 1 January in Berlin.
    const ts = Date.UTC(2026, 11, 31, 23, 30);
    expect(bucketsOf(ts, 'Europe/Berlin')).toMatchObject({ day: '2027-01-01', month: '2027-01-01', year: '2027-01-01' });
    expect(bucketsOf(ts, 'America/New_York')).toMatchObject({ day: '2026-12-31', month: '2026-12-01' });
    // Kolkata is +5:30: its local hours start at half past in UTC.
    expect(new Date(bucketsOf(ts, 'Asia/Kolkata')['1h']).toISOString()).toBe('2026-12-31T23:30:00.000Z');
    expect(offsetAt('Europe/Berlin', Date.UTC(2026, 6, 1))).toBe(7_200_000);
  });
});
