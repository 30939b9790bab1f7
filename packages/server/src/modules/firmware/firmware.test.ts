import { Access, Errno, UPLOAD_SLICE_BYTES } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/rawSql.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { imageOf, inverterFirmware, sendSlice, sha256Of, sliceOf, uploadFirmware } from './testFirmware.ts';

/**
 * The firmware library (issue 20): a resumable upload in 2 MB slices (a slice resent replaces the first), stored once by
 * content; wrong extension, wrong bytes, over-size and duplicate uploads refused with their messages; list, detail,
 * publish and delete behind their switches; unpublished and internal firmware hidden from who may not use them.
 */
let t: TestApp;
let admin: TestAccount;
let distributor: TestAccount;
let installer: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  distributor = await t.createAccount(Access.distributor, { organisationId: await t.createBranch('distributor', 'FWNORTH') });
  installer = await t.createAccount(Access.installer);
});
afterAll(() => t.close());

const post = async (path: string, body: unknown, account = admin) => (await t.call('POST', path, body, { token: account.token })).body;
const get = async (path: string, account = admin) => (await t.call('GET', path, undefined, { token: account.token })).body;
const issuesOf = (answer: { result: { issues?: { message: string }[] } }) => answer.result.issues?.map((issue) => issue.message);

describe('firmware upload', () => {
  it('takes an odd-sized file in slices, a slice resent replaces it, a resumed upload sends only the rest, and keeps it once', async () => {
    const bytes = imageOf(2 * UPLOAD_SLICE_BYTES + 12_345);
    const sha256 = sha256Of(bytes);
    const started = await post('/c/v0/firmware/upload/start', { fileName: 'H1-master-1.50.bin', size: bytes.length, sha256 });
    expect(started).toMatchObject({ errno: 0, result: { slices: 3, sliceBytes: UPLOAD_SLICE_BYTES, received: [] } });
    const { uploadId } = started.result;
    // Slice 1 arrives damaged (its hash does not match): refused, nothing kept.
    const damaged = Buffer.from(sliceOf(bytes, 1));
    damaged[10] = (damaged[10] ?? 0) ^ 0xff;
    expect(issuesOf(await sendSlice(t, admin, uploadId, 1, damaged, sha256Of(sliceOf(bytes, 1))))).toEqual(['firmware.sliceHash']);
    // A slice of the wrong size (not the last one's exact size) is refused.
    expect(issuesOf(await sendSlice(t, admin, uploadId, 2, sliceOf(bytes, 1)))).toEqual(['firmware.sliceSize']);
    expect((await sendSlice(t, admin, uploadId, 0, sliceOf(bytes, 0))).result.received).toEqual([0]);
    // The same slice sent again (a retry after a lost answer) replaces the first.
    expect((await sendSlice(t, admin, uploadId, 0, sliceOf(bytes, 0))).result.received).toEqual([0]);
    expect((await sendSlice(t, admin, uploadId, 2, sliceOf(bytes, 2))).result.received).toEqual([0, 2]);
    // Not complete yet.
    expect((await post('/c/v0/firmware/create', { uploadId, ...inverterFirmware('1.50') })).errno).toBe(Errno.firmwareUploadIncomplete);
    // Starting again (a reload) answers what is there: only slice 1 is missing.
    const resumed = await post('/c/v0/firmware/upload/start', { fileName: 'H1-master-1.50.bin', size: bytes.length, sha256 });
    expect(resumed.result.received).toEqual([0, 2]);
    expect((await sendSlice(t, admin, uploadId, 1, sliceOf(bytes, 1))).result.received).toEqual([0, 1, 2]);
    const created = await post('/c/v0/firmware/create', { uploadId, ...inverterFirmware('1.50') });
    expect(created.errno).toBe(0);
    const detail = await get(`/c/v0/firmware/detail?id=${created.result.id}`);
    expect(detail.result).toMatchObject({ sha256, size: bytes.length, fileType: 'bin', version: '1.50', published: false, inUse: false });
    // The bytes are stored once, with the operation log entry.
    const [file] = await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from stored_file where sha256 = ${sha256}`);
    expect(file?.n).toBe(1);
    const [entry] = await selectRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where object_type = 'firmware' and object_id = ${String(created.result.id)}`,
    );
    expect(entry?.action).toBe('firmware.import');

    // The same bytes again, under any name: a duplicate, said before a byte is sent.
    expect((await post('/c/v0/firmware/upload/start', { fileName: 'copy.bin', size: bytes.length, sha256 })).errno).toBe(
      Errno.firmwareDuplicate,
    );
  });

  it('refuses a wrong extension, an over-size file, bytes of another type, and a file that does not match its hash', async () => {
    const bytes = imageOf(1000);
    expect(issuesOf(await post('/c/v0/firmware/upload/start', { fileName: 'image.zip', size: 1000, sha256: sha256Of(bytes) }))).toEqual([
      'firmware.onlyHexBin',
    ]);
    expect(
      issuesOf(await post('/c/v0/firmware/upload/start', { fileName: 'big.bin', size: 65 * 1024 * 1024, sha256: sha256Of(bytes) })),
    ).toEqual(['firmware.tooLarge']);
    // A PDF named .bin: its bytes say what it is.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), imageOf(991)]);
    expect(issuesOf(await uploadFirmware(t, admin, pdf, inverterFirmware('1.51')))).toEqual(['firmware.onlyHexBin']);
    // Fields are checked: version with 1-4 decimals, code of 8 uppercase letters or digits.
    const bad = await uploadFirmware(t, admin, imageOf(900), inverterFirmware('1.123456', { code: 'abc' }));
    expect(issuesOf(bad)).toEqual(expect.arrayContaining(['firmware.versionInvalid', 'firmware.codeInvalid']));
    const [rows] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from firmware where version in ('1.51', '1.123456')`,
    );
    expect(rows?.n).toBe(0);
  });

  it('takes an Intel HEX text file as .hex', async () => {
    const hex = Buffer.from(':10010000214601360121470136007EFE09D2190140\n:00000001FF\n');
    const created = await uploadFirmware(t, admin, hex, inverterFirmware('1.6', { firmwareType: 'afci', code: 'AFCI0001' }), 'afci.hex');
    expect(created.errno).toBe(0);
    expect((await get(`/c/v0/firmware/detail?id=${created.result.id}`)).result.fileType).toBe('hex');
  });
});

describe('firmware library', () => {
  it('shows importers everything, others only published firmware, internal ones only with their switch', async () => {
    const open = (await uploadFirmware(t, admin, imageOf(3000), inverterFirmware('2.1'))).result.id;
    const internal = (await uploadFirmware(t, admin, imageOf(3001), inverterFirmware('2.2', { internal: true }))).result.id;
    const draft = (await uploadFirmware(t, admin, imageOf(3002), inverterFirmware('2.3'))).result.id;
    for (const id of [open, internal]) expect((await post('/c/v0/firmware/publish', { id })).errno).toBe(0);
    const versions = async (account: TestAccount) =>
      (await post('/c/v0/firmware/list', { pageSize: 50, version: '2.' }, account)).result.firmware.map(
        (row: { version: string }) => row.version,
      );
    expect(await versions(admin)).toEqual(['2.3', '2.2', '2.1']);
    expect(await versions(distributor)).toEqual(['2.1']);
    // Unpublished answers like a missing one to who may not import.
    expect((await get(`/c/v0/firmware/detail?id=${draft}`, distributor)).errno).toBe(Errno.notFound);
    expect((await get(`/c/v0/firmware/detail?id=${open}`, distributor)).result.published).toBe(true);
    // Filters.
    const published = await post('/c/v0/firmware/list', { pageSize: 50, version: '2.', published: false });
    expect(published.result.firmware.map((row: { version: string }) => row.version)).toEqual(['2.3']);
    // The switches: a distributor neither imports, publishes nor deletes; an installer does not reach the calls.
    expect((await post('/c/v0/firmware/publish', { id: draft }, distributor)).errno).toBe(Errno.noPermission);
    expect(
      (await post('/c/v0/firmware/upload/start', { fileName: 'a.bin', size: 10, sha256: sha256Of(imageOf(10)) }, distributor)).errno,
    ).toBe(Errno.noPermission);
    expect((await post('/c/v0/firmware/list', {}, installer)).errno).toBe(Errno.noPermission);
    // Delete: the record and its bytes go.
    expect((await post('/c/v0/firmware/delete', { id: draft })).errno).toBe(0);
    expect((await get(`/c/v0/firmware/detail?id=${draft}`)).errno).toBe(Errno.notFound);
  });
});
