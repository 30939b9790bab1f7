import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type ExportTable, tableCsv } from './exportTable.ts';
import { tableXlsx } from './xlsx.ts';

// 29 March 2026 is Berlin's DST day: 00:55 UTC is 01:55 CET, 01:05 UTC is 03:05 CEST.
const table: ExportTable = {
  headers: ['Time (Europe/Berlin)', 'PV (kW)', 'Note'],
  rows: [
    [new Date(Date.UTC(2026, 2, 29, 0, 55)), 1.25, 'a,b'],
    [new Date(Date.UTC(2026, 2, 29, 1, 5)), 0, null],
    ['<b>&"quotes"\u0001', -1e-7, 123456789.125],
  ],
  timeZone: 'Europe/Berlin',
};

describe('chart export', () => {
  it('writes CSV with times in the table zone and numbers as they are', () => {
    expect(tableCsv(table)).toBe(
      'Time (Europe/Berlin),PV (kW),Note\r\n2026-03-29 01:55:00,1.25,"a,b"\r\n2026-03-29 03:05:00,0,\r\n"<b>&""quotes""\u0001",-1e-7,123456789.125',
    );
  });

  it('writes an xlsx that a spreadsheet reader opens: text, numbers as numbers, times of the zone as dates', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(tableXlsx(table, 'Plant: [one]/two') as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.name).toBe('Plant   one  two');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Time (Europe/Berlin)', 'PV (kW)', 'Note']);
    // A spreadsheet date has no zone: the cell holds the plant's wall-clock time.
    expect(sheet.getCell('A2').value).toEqual(new Date(Date.UTC(2026, 2, 29, 1, 55)));
    expect(sheet.getCell('A3').value).toEqual(new Date(Date.UTC(2026, 2, 29, 3, 5)));
    expect(sheet.getCell('A2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect([sheet.getCell('B2').value, sheet.getCell('C2').value]).toEqual([1.25, 'a,b']);
    expect([sheet.getCell('B3').value, sheet.getCell('C3').value]).toEqual([0, null]);
    // XML's special characters survive, characters XML cannot hold are dropped.
    expect(sheet.getRow(4).values).toEqual([undefined, '<b>&"quotes"', -1e-7, 123456789.125]);
  });

  // Device-chosen variable names reach the headings; any text may start like a formula.
  const risky: ExportTable = {
    headers: ['Time (UTC)', '=cmd|"/c calc"!A1 (kW)', 'Note'],
    rows: [
      [new Date(Date.UTC(2026, 0, 1)), -3.5, '+31 6 1234'],
      [new Date(Date.UTC(2026, 0, 2)), -0, '@SUM(A1)'],
      [new Date(Date.UTC(2026, 0, 3)), 2, '-x'],
      [new Date(Date.UTC(2026, 0, 4)), 3, '\tTab'],
      [new Date(Date.UTC(2026, 0, 5)), 4, '\rReturn'],
      [new Date(Date.UTC(2026, 0, 6)), 5, 'a = b'],
    ],
    timeZone: 'UTC',
  };

  it('writes CSV text that would start a formula behind a single quote, negative numbers as numbers', () => {
    expect(tableCsv(risky).split('\r\n')).toEqual([
      'Time (UTC),"\'=cmd|""/c calc""!A1 (kW)",Note',
      "2026-01-01 00:00:00,-3.5,'+31 6 1234",
      "2026-01-02 00:00:00,0,'@SUM(A1)",
      "2026-01-03 00:00:00,2,'-x",
      "2026-01-04 00:00:00,3,'\tTab",
      '2026-01-05 00:00:00,4,"\'\rReturn"',
      '2026-01-06 00:00:00,5,a = b',
    ]);
  });

  it('writes xlsx text that would start a formula behind a single quote, negative numbers as numbers', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(tableXlsx(risky, 'Risky') as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getCell('B1').value).toBe(`'=cmd|"/c calc"!A1 (kW)`);
    expect([2, 3, 4, 5, 6, 7].map((row) => sheet.getCell(`C${row}`).value)).toEqual([
      "'+31 6 1234",
      "'@SUM(A1)",
      "'-x",
      "'\tTab",
      "'\nReturn", // XML reads a carriage return back as a line feed
      'a = b',
    ]);
    expect(sheet.getCell('B2').value).toBe(-3.5);
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
  });
});
