/** Client helpers of spec section 5. */

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

const EXTERNAL_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'];

/** Whether a link may be opened as an external link: http, https, mailto and tel only. */
export function isExternalLink(url: string): boolean {
  try {
    return EXTERNAL_SCHEMES.includes(new URL(url).protocol);
  } catch {
    return false;
  }
}
