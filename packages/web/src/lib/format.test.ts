// @vitest-environment happy-dom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setUpScreenTests } from '../test/screen.tsx';
import {
  displayValue,
  fileSizeText,
  formatCount,
  formatDate,
  formatDateTime,
  formatGrouped,
  formatNumber,
  isExternalLink,
  utcOffsetLabel,
} from './format.ts';
import { changeLanguage } from './i18n.ts';

// The English strings loaded: the German case switches languages as the console does.
setUpScreenTests();

describe('number formatter', () => {
  it('gives 2 decimals by default and empty for anything not finite', () => {
    expect(formatNumber(1.23456)).toBe('1.23');
    expect(formatNumber(2, 0)).toBe('2');
    expect(formatNumber('4.5')).toBe('4.50');
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, null, undefined, 'x', '', {}]) expect(formatNumber(bad)).toBe('');
  });

  it("writes the decimals as the user's language does, without thousands separators", async () => {
    await changeLanguage('de');
    try {
      expect(formatNumber(6.624)).toBe('6,62');
      expect(formatNumber(12345.6, 1)).toBe('12345,6');
      expect(displayValue(-12.345)).toBe('-12,35');
      expect(fileSizeText(1536)).toBe('1,5 KB');
      expect(formatCount(12345)).toBe('12.345');
      expect(formatGrouped(12345.678, 1)).toBe('12.345,7');
      expect(formatGrouped(1234.5, 2, 2)).toBe('1.234,50');
    } finally {
      await changeLanguage('en');
    }
    expect(formatNumber(6.624)).toBe('6.62');
    expect(fileSizeText(3 * 1024 * 1024)).toBe('3.00 MB');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatGrouped(12345.678, 1)).toBe('12,345.7');
    expect(formatGrouped(0.5, 2)).toBe('0.5');
  });

  it('never throws, for any input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof formatNumber(value)).toBe('string');
      }),
    );
  });
});

describe('display helper', () => {
  it('shows 0 for missing, non-numeric or below 0.01 in absolute value', () => {
    for (const value of [undefined, null, 'abc', 0.004, -0.009, 0]) expect(displayValue(value)).toBe('0');
    expect(displayValue(0.01)).toBe('0.01');
    expect(displayValue(-12.345)).toBe('-12.35');
  });
});

describe('external link check', () => {
  it('accepts http, https, mailto and tel only', () => {
    for (const url of ['http://a.b', 'https://a.b/x', 'mailto:a@b.c', 'tel:+4912345']) expect(isExternalLink(url)).toBe(true);
    for (const url of ['javascript:alert(1)', 'ftp://a.b', 'data:text/html,x', '/relative', '']) expect(isExternalLink(url)).toBe(false);
  });
});

describe('UTC offset label', () => {
  it("gives a zone's offset at an instant, summer time and odd offsets included", () => {
    const winter = Date.UTC(2026, 10, 25, 12);
    const summer = Date.UTC(2026, 6, 1, 12);
    expect(utcOffsetLabel('Europe/Madrid', winter)).toBe('UTC+01:00');
    expect(utcOffsetLabel('Europe/Madrid', summer)).toBe('UTC+02:00');
    expect(utcOffsetLabel('America/Sao_Paulo', winter)).toBe('UTC-03:00');
    expect(utcOffsetLabel('Asia/Kathmandu', winter)).toBe('UTC+05:45');
    expect(utcOffsetLabel('America/St_Johns', winter)).toBe('UTC-03:30');
    expect(utcOffsetLabel('UTC', summer)).toBe('UTC+00:00');
  });
});

describe('date and time (issue 21, defect 8: one format per language)', () => {
  const at = Date.UTC(2026, 10, 25, 19, 36, 0);
  it('writes a four-digit year and seconds, in the zone given', () => {
    expect(formatDateTime(at, 'en', 'UTC')).toBe('11/25/2026, 07:36:00 PM');
    expect(formatDateTime(at, 'de', 'Europe/Berlin')).toBe('25.11.2026, 20:36:00');
    expect(formatDateTime(at, 'zh_CN', 'Asia/Shanghai')).toBe('2026/11/26 03:36:00');
    expect(formatDate(at, 'de', 'Europe/Berlin')).toBe('25.11.2026');
  });
});
