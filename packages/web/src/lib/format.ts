/** Client helpers of spec section 5. */
import { offsetAt } from '@sunstack/shared';

/** A number with `decimals` places (2 by default); empty for anything that is not a finite number. */
export function formatNumber(value: unknown, decimals = 2): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  return n.toFixed(decimals);
}

/** A measured value for display: 0 for missing, non-numeric, or anything closer to 0 than 0.01. */
export function displayValue(value: unknown, decimals = 2): string {
  const text = formatNumber(value, decimals);
  if (text === '' || Math.abs(Number(value)) < 0.01) return '0';
  return text;
}

/** A zone's offset from UTC at `at`: 'UTC+01:00', 'UTC-03:00', 'UTC+05:45'. */
export function utcOffsetLabel(timeZone: string, at: number): string {
  const minutes = Math.round(offsetAt(timeZone, at) / 60_000);
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `UTC${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const EXTERNAL_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'];

/** Whether a link may be opened as an external link: http, https, mailto and tel only. */
export function isExternalLink(url: string): boolean {
  try {
    return EXTERNAL_SCHEMES.includes(new URL(url).protocol);
  } catch {
    return false;
  }
}
