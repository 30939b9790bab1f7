import { constants, crc32, deflateRawSync } from 'node:zlib';
import { Access, Errno } from '@sunstack/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { deviceSecretMatches } from './secret.ts';
import { MAX_UNPACKED_BYTES, readDataloggerSheet } from './spreadsheet.ts';

let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
});
afterAll(() => t.close());

async function workbook(header: string[], rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Dataloggers');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Uploads a file as the web app does: multipart form, signed headers. */
async function upload(file: Buffer, token = admin.token) {
  const boundary = '----sunstack-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dataloggers.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const path = '/c/v0/module/import';
  const response = await t.app.http.inject({
    method: 'POST',
    url: path,
    headers: { ...signedHeaders(path, token, 'en'), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return response.json() as {
    errno: number;
    result: { imported?: number; secrets?: { sn: string; secret: string }[]; issues?: { path: string; message: string }[] };
  };
}

/** A part of a crafted file: text, or one block of bytes repeated (deflated once, so a bomb costs nothing to make). */
type Part = string | { repeat: Buffer; times: number };

/** A zip of deflated entries, written by hand so a test can make files no spreadsheet program would. */
function zipOf(entries: [name: string, parts: Part[]][]) {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, parts] of entries) {
    let crc = 0;
    let size = 0;
    const body: Buffer[] = [];
    for (const part of parts) {
      const { repeat, times } = typeof part === 'string' ? { repeat: Buffer.from(part), times: 1 } : part;
      // Full flushes end each block on a byte, so the blocks can be repeated; an empty final block ends the stream.
      const block = deflateRawSync(repeat, { finishFlush: constants.Z_FULL_FLUSH });
      for (let i = 0; i < times; i++) {
        crc = crc32(repeat, crc);
        size += repeat.length;
        body.push(block);
      }
    }
    body.push(deflateRawSync(Buffer.alloc(0)));
    const data = Buffer.concat(body);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflated
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(fileName.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(size >>> 0, 24);
    header.writeUInt16LE(fileName.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    central.push(header, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const textCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const SHEET_HEAD = `<?xml version="1.0"?><worksheet xmlns="${MAIN_NS}"><sheetData><row r="1">${textCell('A1', 'SN')}</row>`;
const SHEET_TAIL = '</sheetData></worksheet>';

/**
 * An xlsx of sheets in tab order, each stored as part `sheet<file>.xml` (the parts in file order),
 * made of its rows between the header row "SN" and the end.
 */
function craftedBook(sheets: { file: number; name: string; rows: Part[] }[]) {
  const byFile = [...sheets].sort((a, b) => a.file - b.file);
  const relations = sheets.map(
    ({ file }) => `<Relationship Id="rId${file}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${file}.xml"/>`,
  );
  return zipOf([
    [
      '[Content_Types].xml',
      [
        `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${byFile.map(({ file }) => `<Override PartName="/xl/worksheets/sheet${file}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
      ],
    ],
    [
      '_rels/.rels',
      [
        `<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    ],
    [
      'xl/workbook.xml',
      [
        `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>${sheets.map(({ file, name }) => `<sheet name="${name}" sheetId="${file}" r:id="rId${file}"/>`).join('')}</sheets></workbook>`,
      ],
    ],
    ['xl/_rels/workbook.xml.rels', [`<Relationships xmlns="${PACKAGE_REL_NS}">${relations.join('')}</Relationships>`]],
    ...byFile.map(({ file, rows }): [string, Part[]] => [`xl/worksheets/sheet${file}.xml`, [SHEET_HEAD, ...rows, SHEET_TAIL]]),
  ]);
}

/** A one-sheet xlsx made of `rows` after the header row "SN". */
const craftedXlsx = (...rows: Part[]) => craftedBook([{ file: 1, name: 'Dataloggers', rows }]);

/**
 * The longest the event loop went without running a 10 ms timer while `work` ran: how long every
 * other call would have waited.
 */
async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  try {
    const result = await work();
    stallMs = Math.max(stallMs, performance.now() - last);
    return { result, stallMs };
  } finally {
    clearInterval(ticker);
  }
}

async function registeredCount() {
  const { body } = await t.call('POST', '/c/v0/module/list', { pageSize: 10 }, { token: admin.token });
  return body.result.total as number;
}

describe('datalogger spreadsheet import', () => {
  it('registers 10,000 dataloggers at once and answers each secret once', async () => {
    const sns = Array.from({ length: 10_000 }, (_, i) => String(500_000_000_000_000 + i));
    const answer = await upload(
      await workbook(
        ['SN', 'Note'],
        sns.map((sn, i) => [sn, `batch ${i % 7}`]),
      ),
    );
    expect(answer.errno).toBe(0);
    expect(answer.result.imported).toBe(10_000);
    const first = answer.result.secrets?.[0] as { sn: string; secret: string };
    expect(first.sn).toBe(sns[0]);
    const rows = await t.database.scriptTransaction((run) => run(`select secret_hash from datalogger where sn = '${first.sn}'`));
    expect(deviceSecretMatches(first.secret, String(rows[0]?.secret_hash))).toBe(true);
    expect(await registeredCount()).toBe(10_000);
  });

  it('reads numeric cells with all 15 digits and finds the SN column in any position and case', async () => {
    const answer = await upload(
      await workbook(
        ['Model', 'sn'],
        [
          ['X1', 510000000000001],
          ['X2', '510000000000002'],
        ],
      ),
    );
    expect(answer.errno).toBe(0);
    expect(answer.result.secrets?.map((s) => s.sn)).toEqual(['510000000000001', '510000000000002']);
  });

  it('reports every bad row with its reason and imports nothing', async () => {
    const before = await registeredCount();
    const rows = [['520000000000001'], ['12345'], ['520000000000001'], ['500000000000003'], ['520000000000002'], ['abcdefghijklmno']];
    const answer = await upload(await workbook(['SN'], rows));
    expect(answer.errno).toBe(Errno.bodyInvalid);
    expect(answer.result.issues).toEqual([
      { path: 'rows.3', message: 'validation.dataloggerSn' },
      { path: 'rows.4', message: 'import.duplicate' },
      { path: 'rows.5', message: 'import.exists' },
      { path: 'rows.7', message: 'validation.dataloggerSn' },
    ]);
    expect(await registeredCount()).toBe(before);
  });

  it('refuses malformed files, a missing SN column, an empty sheet and other file types', async () => {
    expect((await upload(Buffer.from('this is not a spreadsheet'))).result.issues).toEqual([
      { path: 'file', message: 'import.fileInvalid' },
    ]);
    expect((await upload(await workbook(['Serial', 'Model'], [['530000000000001', 'X']]))).result.issues).toEqual([
      { path: 'file', message: 'import.noSnColumn' },
    ]);
    expect((await upload(await workbook(['SN'], []))).result.issues).toEqual([{ path: 'file', message: 'import.empty' }]);
    const notMultipart = await t.call('POST', '/c/v0/module/import', { sn: '530000000000001' }, { token: admin.token });
    expect(notMultipart.body.errno).toBe(Errno.bodyInvalid);
  });

  it('refuses a row past the limit (the last row a sheet can have) without walking the rows before it', async () => {
    const before = await registeredCount();
    const file = craftedXlsx(`<row r="1048576">${textCell('A1048576', '550000000000001')}</row>`);
    expect(file.length).toBeLessThan(2_000);
    const { result, stallMs } = await longestStall(() => upload(file));
    expect(result).toEqual({ errno: Errno.bodyInvalid, result: { issues: [{ path: 'file', message: 'import.tooMany' }] } });
    expect(stallMs).toBeLessThan(1_000); // generous: it was 4.7 s
    expect(await registeredCount()).toBe(before);
  });

  it('refuses a zip bomb once it unpacks past the limit, answering other calls meanwhile', async () => {
    const before = await registeredCount();
    // 300 MB of blanks between two rows, in about 300 KB.
    const file = craftedXlsx({ repeat: Buffer.alloc(1 << 20, ' '), times: 300 }, `<row r="2">${textCell('A2', '550000000000002')}</row>`);
    expect(file.length).toBeLessThan(400_000);
    const { result, stallMs } = await longestStall(async () => {
      const importing = upload(file);
      // A call made while the file is read is answered before the import is.
      const other = t.call('POST', '/c/v0/module/list', { pageSize: 10 }, { token: admin.token }).then(({ body }) => body.errno);
      const first = await Promise.race([importing.then(() => 'import'), other.then(() => 'other')]);
      return { first, other: await other, answer: await importing };
    });
    expect(result.answer).toEqual({ errno: Errno.bodyInvalid, result: { issues: [{ path: 'file', message: 'import.tooLarge' }] } });
    expect(result).toMatchObject({ first: 'other', other: 0 });
    expect(stallMs).toBeLessThan(1_000); // generous: it was 5.3 s
    expect(await registeredCount()).toBe(before);
  });

  it('refuses an upload past its limit (5 MB) as too large', async () => {
    const answer = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 'x'));
    expect(answer).toEqual({ errno: Errno.bodyInvalid, result: { issues: [{ path: 'file', message: 'import.tooLarge' }] } });
  });

  it('reads within limits of unpacked size, parts and time', async () => {
    const file = await workbook(['SN'], [['560000000000001'], ['560000000000002']]);
    expect(await readDataloggerSheet(file)).toEqual({
      rows: [
        { row: 2, sn: '560000000000001' },
        { row: 3, sn: '560000000000002' },
      ],
    });
    expect(MAX_UNPACKED_BYTES).toBe(32 * 1024 * 1024);
    expect(await readDataloggerSheet(file, { unpackedBytes: 1_000 })).toEqual({ problem: 'import.tooLarge' });
    expect(await readDataloggerSheet(file, { timeMs: 0 })).toEqual({ problem: 'import.tooSlow' });
    // The first sheet is the first tab, wherever its part lies in the file.
    const tabs = craftedBook([
      { file: 2, name: 'Dataloggers', rows: [`<row r="2">${textCell('A2', '560000000000003')}</row>`] },
      { file: 1, name: 'Other', rows: [`<row r="2">${textCell('A2', '560000000000004')}</row>`] },
    ]);
    expect(await readDataloggerSheet(tabs)).toEqual({ rows: [{ row: 2, sn: '560000000000003' }] });
    // Cut short, or nothing at all: unreadable, at once.
    expect(await readDataloggerSheet(file.subarray(0, file.length / 2))).toEqual({ problem: 'import.fileInvalid' });
    expect(await readDataloggerSheet(Buffer.alloc(0))).toEqual({ problem: 'import.fileInvalid' });
    // Thousands of empty parts: no spreadsheet is made of those.
    const parts = Array.from({ length: 1_001 }, (_, i): [string, Part[]] => [`xl/media/empty${i}.bin`, ['']]);
    expect(await readDataloggerSheet(zipOf(parts))).toEqual({ problem: 'import.fileInvalid' });
  });

  it('is refused to roles without the import switch', async () => {
    const installer = await t.createAccount(Access.installer);
    expect((await upload(await workbook(['SN'], [['540000000000001']]), installer.token)).errno).toBe(Errno.noPermission);
  });
});
