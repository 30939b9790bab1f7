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

  it('starts a day when clocks skip its midnight, and ends the day before then', () => {
    // Chile went from 00:00 -04 to 01:00 -03 on 7 September 2025 (04:00 UTC): that day began at its 01:00.
    expect(new Date(startOfLocalDate('2025-09-07', 'America/Santiago')).toISOString()).toBe('2025-09-07T04:00:00.000Z');
    expect(bucketsOf(Date.UTC(2025, 8, 7, 4), 'America/Santiago').day).toBe('2025-09-07');
    expect(bucketsOf(Date.UTC(2025, 8, 7, 3, 55), 'America/Santiago').day).toBe('2025-09-06');
    const hours = (day: string, next: string, zone: string) => (startOfLocalDate(next, zone) - startOfLocalDate(day, zone)) / 3_600_000;
    expect(hours('2025-09-06', '2025-09-07', 'America/Santiago')).toBe(24);
    expect(hours('2025-09-07', '2025-09-08', 'America/Santiago')).toBe(23);
    // Clocks going back at midnight (00:00 -03 to 23:00 -04, 6 April 2025) give the day before 25 hours.
    expect(hours('2025-04-05', '2025-04-06', 'America/Santiago')).toBe(25);
    expect(hours('2025-04-06', '2025-04-07', 'America/Santiago')).toBe(24);
    // Havana and the Azores skip midnight in March.
    expect(hours('2026-03-08', '2026-03-09', 'America/Havana')).toBe(23);
    expect(hours('2026-03-29', '2026-03-30', 'Atlantic/Azores')).toBe(23);
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
