import { Access, Errno } from '@sunstack/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommand, deviceLog, storedFile } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { firstSheetOf, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { summariseLog } from './logSummary.ts';
import { LOG_MAX_BYTES } from './logs.ts';

/** Device logs: a log.upload command with a one-time URL; the device's upload to it, once; list, download, export. */
let t: TestApp;
let admin: TestAccount;
let plant: FleetPlant;
const DAY = 86_400_000;

/** A test log in the simulator's format (datalogger.ts logText). */
const LOG = [
  '# test log of INV1 via datalogger 860000000000001',
  '# generated 2026-11-26T10:00:00.000Z, firmware {"master":"1.02"}',
  '2026-11-26T09:50:00.000Z {"pvPower":3.2,"invTemperation":41.5}',
  '2026-11-26T09:55:00.000Z {"pvPower":3.4,"invTemperation":42}',
  'self-test: raised 1012, 1044',
  '',
].join('\n');

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  plant = await createFleetPlant(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  t.call(method, path, body, { token: admin.token }).then((answer) => answer.body);
/** The device's side: a PUT of the log to the URL its command carries. */
const put = (url: string, text: string) =>
  t.app.http.inject({ method: 'PUT', url: new URL(url).pathname, payload: text, headers: { 'content-type': 'text/plain; charset=utf-8' } });

async function requested(kind = 'test') {
  const sn = plant.devices[0]?.sn as string;
  const { result } = await call('POST', '/c/v0/device-log/request', { sn, kind });
  const [row] = await t.database.db.select().from(deviceLog).where(eq(deviceLog.id, result.id));
  const [command] = await t.database.db
    .select()
    .from(deviceCommand)
    .where(eq(deviceCommand.id, row?.commandId as string));
  return { id: result.id as number, sn, url: ((command as { params: unknown }).params as { url: string }).url, command };
}

describe('device logs', () => {
  it('go to the device as log.upload with a one-time URL; an upload to it is kept once, a wrong or reused URL refused', async () => {
    const { id, url, command } = await requested();
    expect(command).toMatchObject({ type: 'log.upload', params: { kind: 'test' } });
    const range = { kind: 'test', begin: Date.now() - DAY, end: Date.now() + 1000 };
    expect((await call('POST', '/c/v0/device-log/list', range)).result.logs).toMatchObject([{ id, state: 'waiting', size: null }]);

    const wrong = `${url.slice(0, -4)}AAAA`;
    expect((await put(wrong, LOG)).statusCode).toBe(410);
    expect((await put(url, LOG)).statusCode).toBe(200);
    const reused = await put(url, 'another log');
    expect(reused.statusCode).toBe(410);
    expect(reused.json().errno).toBe(Errno.logUploadRefused);

    const list = (await call('POST', '/c/v0/device-log/list', { ...range, detailed: true })).result;
    expect(list.logs).toMatchObject([{ id, state: 'uploaded', size: Buffer.byteLength(LOG) }]);
    expect(list.logs[0].summary).toEqual(summariseLog(LOG));
    const files = await t.database.db
      .select()
      .from(storedFile)
      .where(and(eq(storedFile.purpose, 'deviceLog')));
    expect(files).toHaveLength(1);

    const download = await t.download('/c/v0/device-log/download', { id }, { token: admin.token });
    expect(download.bytes.toString()).toBe(LOG);
    const sheet = await firstSheetOf((await t.download('/c/v0/device-log/export', range, { token: admin.token, lang: 'de' })).bytes);
    expect(sheet.getRow(1).getCell(1).value).toBe('Geräte-SN');
    expect(sheet.getRow(2).getCell(4).value).toBe('Hochgeladen');
  });

  it('answer a failing HTTP status to a refused upload (413 too large, 415 wrong type) and keep the URL for a good one', async () => {
    const { id, url } = await requested('module');
    const tooLarge = await t.app.http.inject({ method: 'PUT', url: new URL(url).pathname, payload: Buffer.alloc(LOG_MAX_BYTES + 1, 0x61) });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().errno).toBe(Errno.logUploadTooLarge);
    // An executable is no log.
    const wrongType = await t.app.http.inject({ method: 'POST', url: new URL(url).pathname, payload: Buffer.from('MZ\x90\x00', 'latin1') });
    expect([wrongType.statusCode, wrongType.json().errno]).toEqual([415, Errno.logUploadWrongType]);
    const range = { kind: 'module', begin: Date.now() - DAY, end: Date.now() + 1000 };
    expect((await call('POST', '/c/v0/device-log/list', range)).result.logs).toMatchObject([{ id, state: 'waiting', size: null }]);
    expect((await put(url, LOG)).statusCode).toBe(200);
    expect((await call('POST', '/c/v0/device-log/list', range)).result.logs).toMatchObject([{ id, state: 'uploaded' }]);
  });

  it('summarise the simulator format: entries, span, variables and the self-test verdict', () => {
    expect(summariseLog(LOG)).toEqual({
      lines: 5,
      entries: 2,
      from: Date.parse('2026-11-26T09:50:00.000Z'),
      to: Date.parse('2026-11-26T09:55:00.000Z'),
      variables: ['invTemperation', 'pvPower'],
      selfTest: 'fail',
      faults: [1012, 1044],
    });
    expect(summariseLog('some other format')).toBeUndefined();
  });

  it('limit the range to 15 days, 3 in the detailed view; an unknown device or log answers like a missing one', async () => {
    const begin = Date.now() - 20 * DAY;
    expect((await call('POST', '/c/v0/device-log/list', { kind: 'test', begin, end: begin + 15 * DAY })).errno).toBe(0);
    expect((await call('POST', '/c/v0/device-log/list', { kind: 'test', begin, end: begin + 15 * DAY + 1 })).errno).toBe(Errno.bodyInvalid);
    expect((await call('POST', '/c/v0/device-log/list', { kind: 'test', begin, end: begin + 4 * DAY, detailed: true })).errno).toBe(
      Errno.bodyInvalid,
    );
    expect((await call('POST', '/c/v0/device-log/request', { sn: 'NOSUCHDEVICE', kind: 'dsp' })).errno).toBe(Errno.notFound);
    expect((await call('POST', '/c/v0/device-log/download', { id: 999_999 })).errno).toBe(Errno.notFound);
  });
});
