import { describe, expect, it } from 'vitest';
import { instantOf, wallClock } from './plantTime.ts';

const clockIn = (timeZone: string, ts: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' }).format(ts).replace(',', '');

describe("a plant's wall clock in the browser's calendar", () => {
  // Around the clock changes of each zone and at a few ordinary times, every 17 minutes over two days.
  const zones = {
    'Europe/Berlin': Date.UTC(2026, 2, 28, 12),
    'America/Santiago': Date.UTC(2026, 3, 4, 12),
    'Australia/Lord_Howe': Date.UTC(2026, 3, 4, 2),
    'Asia/Kolkata': Date.UTC(2026, 10, 26),
    'Pacific/Kiritimati': Date.UTC(2026, 10, 26),
  };
  for (const [timeZone, around] of Object.entries(zones)) {
    it(`shows ${timeZone}'s clock and turns it back into the same instant`, () => {
      for (let ts = around - 86_400_000; ts < around + 86_400_000; ts += 17 * 60_000) {
        const wall = wallClock(timeZone, ts);
        expect(wall.format('YYYY-MM-DD HH:mm:ss')).toBe(clockIn(timeZone, ts));
        const back = instantOf(timeZone, wall);
        // A repeated hour at a clock change reads the same twice: either instant shows that clock.
        expect(clockIn(timeZone, back)).toBe(clockIn(timeZone, ts));
      }
    });
  }
});
