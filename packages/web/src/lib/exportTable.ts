import { neutraliseFormula, offsetAt, toCsv } from '@sunstack/shared';

/** A cell of an exported table: text, a number (stays a number), an instant, or nothing. */
export type ExportCell = string | number | Date | null;

/** A chart's data as a table: translated headings, rows, and the zone its instants are shown in (the plant's). */
export interface ExportTable {
  headers: string[];
  rows: ExportCell[][];
  timeZone: string;
}

/** The wall-clock time of `at` in `timeZone`, as the UTC fields of a Date. */
const wallClock = (at: Date, timeZone: string) => new Date(at.getTime() + offsetAt(timeZone, at.getTime()));

/** A cell as both writers take it: an instant as the wall-clock time of the zone, text that would start a formula behind a quote. */
const exportCell = (cell: ExportCell, timeZone: string): ExportCell =>
  cell instanceof Date ? wallClock(cell, timeZone) : typeof cell === 'string' ? neutraliseFormula(cell) : cell;

/**
 * The table's cells as the CSV and xlsx writers write them, headings first (device-chosen variable
 * names reach the headings, so they are cells like any other).
 */
export const exportRows = (table: ExportTable): ExportCell[][] =>
  [table.headers, ...table.rows].map((row) => row.map((cell) => exportCell(cell, table.timeZone)));

/** CSV text: times as "YYYY-MM-DD HH:MM:SS" of the table's zone, nothing as an empty field. */
export function tableCsv(table: ExportTable): string {
  return toCsv(
    exportRows(table).map((row) =>
      row.map((cell) => (cell instanceof Date ? cell.toISOString().slice(0, 19).replace('T', ' ') : (cell ?? ''))),
    ),
  );
}
