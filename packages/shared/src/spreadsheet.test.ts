import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './spreadsheet.ts';

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
