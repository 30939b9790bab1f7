import { describe, expect, it } from 'vitest';
import { offsetAt } from './timeZone.ts';

const HOUR_MS = 3_600_000;

describe('offsetAt', () => {
  it('follows daylight saving time on the quarter hour it changes', () => {
    // 2025-03-30: 02:00 CET jumps to 03:00 CEST at 01:00 UTC.
    expect(offsetAt('Europe/Berlin', Date.UTC(2025, 2, 30, 0, 59))).toBe(HOUR_MS);
    expect(offsetAt('Europe/Berlin', Date.UTC(2025, 2, 30, 1, 0))).toBe(2 * HOUR_MS);
    // Asked again (from the cache), the same answers.
    expect(offsetAt('Europe/Berlin', Date.UTC(2025, 2, 30, 0, 50))).toBe(HOUR_MS);
    expect(offsetAt('Europe/Berlin', Date.UTC(2025, 2, 30, 1, 10))).toBe(2 * HOUR_MS);
  });

  it('handles half-hour and quarter-hour zones and both hemispheres', () => {
    expect(offsetAt('Australia/Adelaide', Date.UTC(2025, 0, 15))).toBe(10.5 * HOUR_MS);
    expect(offsetAt('Australia/Adelaide', Date.UTC(2025, 6, 15))).toBe(9.5 * HOUR_MS);
    expect(offsetAt('Asia/Kathmandu', Date.UTC(2025, 6, 15))).toBe(5.75 * HOUR_MS);
    expect(offsetAt('America/New_York', Date.UTC(2025, 0, 15))).toBe(-5 * HOUR_MS);
    expect(offsetAt('UTC', Date.UTC(2025, 0, 15))).toBe(0);
  });
});
