import { Access, Errno } from '@sunstack/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { deviceSecretMatches } from './secret.ts';

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

  it('is refused to roles without the import switch', async () => {
    const installer = await t.createAccount(Access.installer);
    expect((await upload(await workbook(['SN'], [['540000000000001']]), installer.token)).errno).toBe(Errno.noPermission);
  });
});
