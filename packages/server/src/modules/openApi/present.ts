import { DeviceStatus, offsetAt } from '@sunstack/shared';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const abbreviations = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at `ts` when it is three letters (GMT, BST, CET, EST), else GMT: clients read the sign at a fixed place. */
function abbreviation(timeZone: string, ts: number) {
  let format = abbreviations.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' });
    abbreviations.set(timeZone, format);
  }
  const name = format.formatToParts(ts).find((part) => part.type === 'timeZoneName')?.value ?? '';
  return /^[A-Z]{3}$/.test(name) ? name : 'GMT';
}

/**
 * A time as FoxESS writes it, in the plant's zone: "2026-04-07 10:44:04 CET+0100" (foxess-ha reads the
 * offset's sign at character 23, so the zone's name is always three letters).
 */
export function foxTime(ts: number, timeZone: string): string {
  const offset = offsetAt(timeZone, ts);
  const local = new Date(ts + offset).toISOString();
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  return `${local.slice(0, 10)} ${local.slice(11, 19)} ${abbreviation(timeZone, ts)}${sign}${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`;
}

/** FoxESS's device status: 1 online, 2 alarm or fault, 3 offline (Sunstack: 1 normal, 2 abnormal, 0 offline). */
export const foxStatus = (status: number) => (status === DeviceStatus.offline ? 3 : status);

/** A model's product family, its leading letters: "KH8" → "KH", "H1-5.0-E" → "H". */
export const productTypeOf = (model: string) => /^[A-Za-z]*/.exec(model)?.[0] ?? '';
