import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { DATALOGGER_SN_PATTERN } from '@sunstack/shared';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';

/** The most rows one import takes; larger fleets come in several files. */
export const MAX_IMPORT_ROWS = 20_000;
/** All parts of a file unpacked: 20,000 rows of eight columns take about 10 MB. */
export const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** Reading a file within the limits above takes a second or two; this only stops what nothing else did. */
export const MAX_READ_MS = 20_000;
/** An xlsx is a dozen parts, a few hundred with charts and pictures. */
const MAX_PARTS = 1_000;
/** exceljs is handed a sheet this much at a time, with a turn of the event loop in between. */
const FEED_BYTES = 64 * 1024;

/** The parts exceljs reads; the others are unpacked only to be counted. */
const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELATIONS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
/** exceljs's own pattern of sheet parts, with the sheet's number. */
const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

export interface ImportRow {
  /** The spreadsheet's own row number, as the person sees it. */
  row: number;
  sn: string;
}

export type SheetProblem =
  | 'import.fileInvalid'
  | 'import.noSnColumn'
  | 'import.empty'
  | 'import.tooMany'
  | 'import.tooLarge'
  | 'import.tooSlow';

export interface SheetLimits {
  unpackedBytes: number;
  timeMs: number;
}

class SheetRefused extends Error {
  constructor(readonly problem: SheetProblem) {
    super(problem);
  }
}

/**
 * Reads the first sheet of an xlsx file: a header row with a column named "SN" (any case), then
 * one datalogger per row. Cells are read as text, so a number cell keeps all 15 digits.
 *
 * An xlsx is a zip of XML parts, and a small one can unpack to gigabytes or name a row a million
 * lines down, so nothing is loaded whole and everything is bounded: the parts are unpacked once, a
 * block at a time through zlib's thread pool, counted (the file is refused past `unpackedBytes`), and
 * only those exceljs reads are kept; then exceljs's streaming reader goes through the first sheet row
 * by row and a row past MAX_IMPORT_ROWS ends it. Both steps leave the event loop between blocks, so
 * other calls are answered meanwhile, and `timeMs` bounds the whole, waits included.
 */
export async function readDataloggerSheet(
  file: Buffer,
  limits: Partial<SheetLimits> = {},
): Promise<{ rows: ImportRow[] } | { problem: SheetProblem }> {
  const { unpackedBytes = MAX_UNPACKED_BYTES, timeMs = MAX_READ_MS } = limits;
  const stop = new AbortController();
  const deadline = performance.now() + timeMs;
  const inTime = () => {
    if (performance.now() >= deadline) throw new SheetRefused('import.tooSlow');
  };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SheetRefused('import.tooSlow')), timeMs);
  });
  const reading = (async () => readRows(await unpack(file, unpackedBytes, inTime, stop.signal), inTime, stop.signal))();
  // Given up on, the reading may still fail as its streams are ended.
  reading.catch(() => {});
  try {
    return await Promise.race([reading, late]);
  } catch (error) {
    return { problem: error instanceof SheetRefused ? error.problem : 'import.fileInvalid' };
  } finally {
    clearTimeout(timer);
    stop.abort();
  }
}

/**
 * Unpacks every part, keeping those exceljs reads; refuses the file once all of them pass `maxBytes`.
 * Driven by the parser's events: its stream interface reports the end of a file before handing over its
 * last parts, and a file cut short only as an error of its own.
 */
function unpack(file: Buffer, maxBytes: number, inTime: () => void, stop: AbortSignal): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const zip = unzipper.Parse();
    const kept = new Map<string, Buffer>();
    let bytes = 0;
    let parts = 0;
    let unpacking = 0;
    let parsed = false;
    let settled = false;
    let part: unzipper.Entry | undefined;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      stop.removeEventListener('abort', fail);
      // The part too: left flowing, it would go on unpacking.
      part?.destroy();
      zip.destroy();
      reject(error);
    };
    const done = () => {
      if (settled || !parsed || unpacking > 0) return;
      settled = true;
      stop.removeEventListener('abort', fail);
      resolve(kept);
    };
    zip.on('entry', (entry: unzipper.Entry) => {
      part = entry;
      const name = entry.path;
      const keep = name === WORKBOOK || name === WORKBOOK_RELATIONS || name === SHARED_STRINGS || WORKSHEET.test(name);
      // Thousands of parts are no spreadsheet; the same part twice, which one would be meant?
      if (++parts > MAX_PARTS || (keep && kept.has(name))) return fail(new SheetRefused('import.fileInvalid'));
      const chunks: Buffer[] = [];
      unpacking += 1;
      entry.on('data', (chunk: Buffer) => {
        if (settled) return;
        bytes += chunk.length;
        if (bytes > maxBytes) return fail(new SheetRefused('import.tooLarge'));
        try {
          inTime();
        } catch (error) {
          return fail(error);
        }
        if (keep) chunks.push(chunk);
      });
      entry.on('error', fail);
      entry.on('end', () => {
        if (keep) kept.set(name, Buffer.concat(chunks));
        unpacking -= 1;
        done();
      });
    });
    // Errors keep coming after a refusal while the parser winds down: this listener takes them all.
    zip.on('error', fail);
    zip.on('finish', () => {
      parsed = true;
      done();
    });
    stop.addEventListener('abort', fail);
    // Given no bytes at all, the parser would wait for some forever.
    if (file.length === 0) return fail(new SheetRefused('import.fileInvalid'));
    try {
      inTime();
    } catch (error) {
      return fail(error);
    }
    zip.end(file);
  });
}

/**
 * exceljs's streaming reader takes a zip, so the kept parts go back into one, uncompressed, in the
 * order that lets it stream each sheet straight through: relations, workbook and shared strings first
 * (otherwise it copies sheets to temporary files to read them later). The zip never ends: exceljs
 * 4.4's zip reader (unzipper 0.10) announces the end of a zip as soon as it has read the last bytes,
 * even while parts it has read still wait for exceljs, which then drops them (a file whose last part
 * was a second sheet lost that sheet). So the reading stops after the last sheet instead.
 */
async function readRows(
  parts: Map<string, Buffer>,
  inTime: () => void,
  stop: AbortSignal,
): Promise<{ rows: ImportRow[] } | { problem: SheetProblem }> {
  const relations = parts.get(WORKBOOK_RELATIONS);
  const workbook = parts.get(WORKBOOK);
  const sheets = [...parts.keys()].filter((name) => WORKSHEET.test(name)).sort((a, b) => sheetNumber(a) - sheetNumber(b));
  if (!relations || !workbook || sheets.length === 0) return { problem: 'import.fileInvalid' };
  const input = feed([
    ...storedPart(WORKBOOK_RELATIONS, relations),
    ...storedPart(WORKBOOK, workbook),
    // No shared strings (every text inline) still needs the part, or exceljs would wait for it.
    ...storedPart(SHARED_STRINGS, parts.get(SHARED_STRINGS) ?? Buffer.from('<sst/>')),
    ...sheets.flatMap((name) => storedPart(name, parts.get(name) as Buffer)),
  ]);
  const end = () => input.destroy();
  stop.addEventListener('abort', end);
  const book = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  try {
    let seen = 0;
    for await (const sheet of book) {
      seen += 1;
      // The first sheet is the first tab: exceljs names a sheet by the workbook's id when the workbook's
      // relations lead to its part (its types leave the id out), else by the part's number; then the lowest.
      const id = (sheet as unknown as { id: number | string }).id;
      const firstTab = book.model.sheets?.[0]?.id;
      const wanted = typeof id === 'number' && firstTab !== undefined ? id === firstTab : seen === 1;
      if (wanted) return await rowsOf(sheet, inTime);
      for await (const _ of sheet) inTime();
      if (seen === sheets.length) break;
    }
    return { problem: 'import.fileInvalid' };
  } finally {
    stop.removeEventListener('abort', end);
    end();
  }
}

async function rowsOf(sheet: ExcelJS.stream.xlsx.WorksheetReader, inTime: () => void) {
  let snColumn = 0;
  const rows: ImportRow[] = [];
  for await (const row of sheet) {
    inTime();
    if (row.number === 1) {
      row.eachCell((cell, column) => {
        if (cellText(cell.value).trim().toUpperCase() === 'SN' && snColumn === 0) snColumn = column;
      });
    }
    if (snColumn === 0) return { problem: 'import.noSnColumn' as const };
    if (row.number > MAX_IMPORT_ROWS + 1) return { problem: 'import.tooMany' as const };
    const sn = row.number === 1 ? '' : cellText(row.getCell(snColumn).value).trim();
    if (sn !== '') rows.push({ row: row.number, sn });
  }
  if (snColumn === 0) return { problem: 'import.noSnColumn' as const };
  if (rows.length === 0) return { problem: 'import.empty' as const };
  return { rows };
}

const sheetNumber = (name: string) => Number(WORKSHEET.exec(name)?.[1]);

/** A part as a zip's local header (stored, uncompressed: all exceljs's zip reader reads) and its bytes in blocks. */
function storedPart(name: string, data: Buffer): Buffer[] {
  const fileName = Buffer.from(name);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0); // local file header
  header.writeUInt16LE(10, 4); // version 1.0 suffices to extract a stored part
  header.writeUInt32LE(crc32(data), 14);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(fileName.length, 26);
  const blocks: Buffer[] = [Buffer.concat([header, fileName])];
  for (let at = 0; at < data.length; at += FEED_BYTES) blocks.push(data.subarray(at, at + FEED_BYTES));
  return blocks;
}

/** A stream of the blocks, one per turn of the event loop; after the last it waits and never ends (see readRows). */
function feed(blocks: Buffer[]): Readable {
  let next = 0;
  return new Readable({
    read() {
      if (next < blocks.length) setImmediate(() => this.push(blocks[next++]));
    },
  });
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : value.toFixed(0);
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  return String(value);
}

export const isDataloggerSn = (sn: string) => DATALOGGER_SN_PATTERN.test(sn);
