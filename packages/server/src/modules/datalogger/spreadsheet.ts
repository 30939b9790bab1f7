import { DATALOGGER_SN_PATTERN } from '@sunstack/shared';
import ExcelJS from 'exceljs';

/** The most rows one import takes; larger fleets come in several files. */
export const MAX_IMPORT_ROWS = 20_000;

export interface ImportRow {
  /** The spreadsheet's own row number, as the person sees it. */
  row: number;
  sn: string;
}

export type SheetProblem = 'import.fileInvalid' | 'import.noSnColumn' | 'import.empty' | 'import.tooMany';

/**
 * Reads the first sheet of an xlsx file: a header row with a column named "SN" (any case), then
 * one datalogger per row. Cells are read as text, so a number cell keeps all 15 digits.
 */
export async function readDataloggerSheet(file: Buffer): Promise<{ rows: ImportRow[] } | { problem: SheetProblem }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    return { problem: 'import.fileInvalid' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { problem: 'import.fileInvalid' };
  const header = sheet.getRow(1);
  let snColumn = 0;
  header.eachCell((cell, column) => {
    if (cellText(cell.value).trim().toUpperCase() === 'SN' && snColumn === 0) snColumn = column;
  });
  if (snColumn === 0) return { problem: 'import.noSnColumn' };
  const rows: ImportRow[] = [];
  for (let number = 2; number <= sheet.rowCount; number++) {
    const sn = cellText(sheet.getRow(number).getCell(snColumn).value).trim();
    if (sn !== '') rows.push({ row: number, sn });
    if (rows.length > MAX_IMPORT_ROWS) return { problem: 'import.tooMany' };
  }
  if (rows.length === 0) return { problem: 'import.empty' };
  return { rows };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : value.toFixed(0);
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  return String(value);
}

export const isDataloggerSn = (sn: string) => DATALOGGER_SN_PATTERN.test(sn);
