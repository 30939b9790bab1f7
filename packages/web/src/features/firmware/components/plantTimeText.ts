import { formatDateTime, utcOffsetLabel } from '../../../lib/format.ts';

/** A device's moment in its plant's zone with the zone's offset ('… (UTC+01:00)'); in the browser's zone for a device of no plant. */
export const plantTimeText = (ms: number, language: string, timeZone: string | null) =>
  timeZone ? `${formatDateTime(ms, language, timeZone)} (${utcOffsetLabel(timeZone, ms)})` : formatDateTime(ms, language);
