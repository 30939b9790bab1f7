import { strToU8, zipSync } from 'fflate';
import { type ExportCell, type ExportTable, exportRows } from './exportTable.ts';

/**
 * A one-sheet xlsx file (Office Open XML), written by hand over fflate's zip: a chart's table
 * needs no more than text, numbers and times, and the whole writer stays a few kilobytes.
 * Loaded only when someone exports (see exportTable.ts).
 */

const DAY_MS = 86_400_000;
/** Excel's day 0 is 1899-12-30: 25,569 days before 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

// Characters XML 1.0 cannot hold at all are dropped; the five special ones escaped.
const escapeXml = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly these control characters are invalid in XML
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A Date here holds a wall-clock time in its UTC fields. */
function cellXml(value: ExportCell, ref: string): string {
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return '';
  if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
  // Style 1 is the date and time format of styles.xml below.
  if (value instanceof Date) return `<c r="${ref}" s="1"><v>${value.getTime() / DAY_MS + EXCEL_EPOCH_DAYS}</v></c>`;
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

/** Column widths in characters, from the longest text of each column (a time needs 19). */
function widths(rows: ExportCell[][]): number[] {
  const result: number[] = [];
  for (const row of rows)
    row.forEach((value, i) => {
      const length = value instanceof Date ? 19 : value === null ? 0 : String(value).length;
      result[i] = Math.min(60, Math.max(result[i] ?? 10, length + 2));
    });
  return result;
}

/**
 * The xlsx bytes of one sheet named `sheetName` holding the table, headings first (frozen), its
 * instants as date cells showing the wall-clock time of the table's zone.
 */
export function tableXlsx(table: ExportTable, sheetName: string): Uint8Array<ArrayBuffer> {
  const rows = exportRows(table);
  // Sheet names: at most 31 characters, none of []:*?/\.
  const name = escapeXml(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  const cols = widths(rows)
    .map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`)
    .join('');
  const sheetRows = rows
    .map((row, r) => `<row r="${r + 1}">${row.map((value, c) => cellXml(value, `${columnName(c)}${r + 1}`)).join('')}</row>`)
    .join('');
  const files: Record<string, string> = {
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    'xl/worksheets/sheet1.xml': `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>${sheetRows}</sheetData></worksheet>`,
  };
  // fflate allocates plain ArrayBuffers; its types only say ArrayBufferLike.
  return zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)]))) as Uint8Array<ArrayBuffer>;
}
