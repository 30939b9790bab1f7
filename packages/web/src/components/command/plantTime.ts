import { formatDateTime } from '../../lib/format.ts';

/** A moment as the device's plant reads its clock: date and time in the plant's zone, in the screen's language. */
export function plantTime(at: number, timeZone: string, languageTag: string): string {
  return formatDateTime(at, languageTag, timeZone);
}
