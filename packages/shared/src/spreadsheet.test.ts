import { describe, expect, it } from 'vitest';
import { neutraliseFormula, toCsv } from './spreadsheet.ts';

describe('neutraliseFormula', () => {
  it('puts a single quote before text that a spreadsheet would start a formula with', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '\n=1', '\0=1', "='x'"]) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    }
  });

  it('leaves other text alone', () => {
    for (const text of ['', 'PV (kW)', 'a = b', ' =1', "'quoted", '1-2', '2026-01-01 00:00:00']) {
      expect(neutraliseFormula(text)).toBe(text);
    }
  });
});

describe('toCsv', () => {
  it('quotes fields with separators, quotes and line breaks only', () => {
    expect(
      toCsv([
        ['time', 'kW'],
        ['2026-03-29 02:00', 1.5],
        ['a,b', 'say "hi"'],
        ['two\nlines', 0],
      ]),
    ).toBe('time,kW\r\n2026-03-29 02:00,1.5\r\n"a,b","say ""hi"""\r\n"two\nlines",0');
  });
});
