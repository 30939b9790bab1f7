import { neutraliseFormula, offsetAt, toCsv } from '@sunstack/shared';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** Exports of lists as xlsx files: one sheet, a bold header row, times as text (UTC, or a plant's own zone). */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An export holds at most this many rows; narrow the filters for more. */
export const EXPORT_MAX_ROWS = 50_000;

/** A time as it reads in an export: UTC, to the second; empty for none. */
export const utcText = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));

/** A time as it reads in an export of a plant's records: in the plant's zone (named in a column beside), to the second. */
export const zonedText = (ms: number | null, timeZone: string) => (ms === null ? '' : utcText(ms + offsetAt(timeZone, ms)));

export type Sheet = { title: string; columns: Partial<ExcelJS.Column>[]; rows: Record<string, unknown>[] };

/** A cell as it is written: text that would start a formula behind a quote (what users and devices wrote is in there). */
const cell = (value: unknown) => (typeof value === 'string' ? neutraliseFormula(value) : value);

/** A file of several sheets (an export of several tables), each with its bold header row. */
export async function workbookOf(sheets: Sheet[]) {
  const book = new ExcelJS.Workbook();
  for (const { title, columns, rows } of sheets) {
    const sheet = book.addWorksheet(title);
    sheet.columns = columns.map((column) => ({ ...column, header: cell(column.header) as Sheet['columns'][number]['header'] }));
    for (const row of rows) sheet.addRow(Object.fromEntries(Object.entries(row).map(([key, value]) => [key, cell(value)])));
    sheet.getRow(1).font = { bold: true };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const workbook = (title: string, columns: Sheet['columns'], rows: Sheet['rows']) => workbookOf([{ title, columns, rows }]);

/** A sheet as CSV text: the header row, then the rows (a byte-order mark first, so spreadsheets read it as UTF-8). */
export const csvOf = ({ columns, rows }: Sheet) =>
  `\uFEFF${toCsv([
    columns.map((column) => cell(String(column.header ?? '')) as string),
    ...rows.map((row) => columns.map((column) => cell(row[column.key as string] ?? '') as string | number)),
  ])}`;

/** A sheet as the file the caller asked for: xlsx, or CSV. */
export async function sendSheet(reply: FastifyReply, sheet: Sheet, name: string, format: 'xlsx' | 'csv') {
  if (format === 'xlsx') return sendXlsx(reply, await workbookOf([sheet]), name);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .send(csvOf(sheet));
}

export const sendXlsx = (reply: FastifyReply, file: Buffer, name: string) =>
  reply.header('content-type', XLSX_TYPE).header('content-disposition', `attachment; filename="${name}.xlsx"`).send(file);
