/** Client helpers of spec section 5. */
import { offsetAt } from '@sunstack/shared';
import i18next from 'i18next';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** The user's language's number format with these decimals, made once per language and options. */
function numberFormat(decimals: number, fewestDecimals: number, useGrouping: boolean): Intl.NumberFormat {
  const language = (i18next.language ?? 'en').replace('_', '-');
  const key = `${language}|${decimals}|${fewestDecimals}|${useGrouping}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: fewestDecimals, maximumFractionDigits: decimals, useGrouping });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * A number with `decimals` places (2 by default; at least `fewestDecimals`, trailing zeros dropped below them), written
 * as the user's language writes it (6.62 in English, 6,62 in German); empty for anything that is not a finite number.
 * No thousands separators: figures keep the width the console gave them before, and a four-digit kWh reads as the
 * devices' own displays show it.
 */
export function formatNumber(value: unknown, decimals = 2, fewestDecimals = decimals): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  return numberFormat(decimals, fewestDecimals, false).format(n);
}

/**
 * A figure of a report or a statistic as the user's language writes it, thousands grouped, with at most `decimals`
 * places and at least `fewestDecimals`: 12,345.6 in English, 12.345,6 in German.
 */
export function formatGrouped(value: number, decimals = 0, fewestDecimals = 0): string {
  return numberFormat(decimals, fewestDecimals, true).format(value);
}

/** A count (plants, devices) as the user's language writes it, thousands grouped: 12,345 in English, 12.345 in German. */
export function formatCount(count: number): string {
  return formatGrouped(count);
}

/** A file's size as people read it: bytes, KB or MB (1024-based, as file managers show it), in the user's language. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, 1)} KB`;
  return `${formatNumber(bytes / 1024 / 1024, 2)} MB`;
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

const DATE_PARTS = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const TIME_PARTS = { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language, zone and parts, made once: tables format a date per row. */
function formatter(language: string, timeZone: string | undefined, withTime: boolean) {
  const key = `${language}|${timeZone ?? ''}|${withTime}`;
  let made = formatters.get(key);
  if (!made) {
    // The app's code or a BCP 47 tag alike: 'zh_CN' and 'zh-CN' both read as zh-CN.
    made = new Intl.DateTimeFormat(language.replace('_', '-'), { ...DATE_PARTS, ...(withTime ? TIME_PARTS : {}), timeZone });
    formatters.set(key, made);
  }
  return made;
}

/**
 * An instant as every screen shows it (issue 21, defect 8: one format per language): the language's
 * numeric date with a four-digit year, and the time with seconds. In `timeZone` when the instant
 * belongs to a plant, else in the browser's zone. `language` is the app's code ('en', 'zh_CN') or its tag.
 */
export function formatDateTime(ms: number, language: string, timeZone?: string): string {
  return formatter(language, timeZone, true).format(ms);
}

/** The date of an instant, in the format of formatDateTime. */
export function formatDate(ms: number, language: string, timeZone?: string): string {
  return formatter(language, timeZone, false).format(ms);
}
