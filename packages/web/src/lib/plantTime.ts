import { offsetAt } from '@sunstack/shared';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * A plant's times in the browser. Date pickers work in the browser's own calendar, so a plant's
 * time travels in them as its wall clock (the plant's 00:00 is 00:00 in the picker, wherever the
 * browser is), and turns back into an instant only when it is sent. Chart axes take instants
 * shifted by the plant's offset and lay them out in UTC (`useUTC`), so ticks fall on the plant's
 * own hours.
 */

/** The zone of the browser, for devices whose plant is not known. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The instant `ts` as the plant's wall clock, in a Dayjs of the browser's calendar. */
export function wallClock(timeZone: string, ts: number): Dayjs {
  const local = new Date(ts + offsetAt(timeZone, ts));
  return dayjs(
    new Date(
      local.getUTCFullYear(),
      local.getUTCMonth(),
      local.getUTCDate(),
      local.getUTCHours(),
      local.getUTCMinutes(),
      local.getUTCSeconds(),
      local.getUTCMilliseconds(),
    ),
  );
}

/** The instant at which the plant's clock shows `wall` (the later one where a clock change repeats an hour). */
export function instantOf(timeZone: string, wall: Dayjs): number {
  const asUtc = Date.UTC(wall.year(), wall.month(), wall.date(), wall.hour(), wall.minute(), wall.second(), wall.millisecond());
  // The offset at the guess, then at the instant that gives: two steps settle it, clock changes included.
  const guess = asUtc - offsetAt(timeZone, asUtc);
  return asUtc - offsetAt(timeZone, guess);
}

/** An instant for a chart laid out in UTC: the plant's wall clock, read as UTC. */
export const chartTime = (timeZone: string, ts: number) => ts + offsetAt(timeZone, ts);
