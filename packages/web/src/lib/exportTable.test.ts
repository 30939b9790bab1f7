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
});
