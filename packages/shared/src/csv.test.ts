import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

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
