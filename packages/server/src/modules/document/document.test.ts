import { randomBytes } from 'node:crypto';
import { Access, DOCUMENT_FILES_MAX, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFile } from '../../db/schema.ts';
import { signedHeaders, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: TestAccount;
let distributor: TestAccount;
const MB = 1024 * 1024;
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const post = (path: string, body: unknown, who = admin) => t.call('POST', path, body, { token: who.token });
const upload = (path: string, bytes: Buffer, name: string, who = admin) => t.upload(path, bytes, name, { token: who.token });
const manual = { manufacturer: 'Sunstack', language: 'de', type: 'quickInstallation', name: 'Hybrid inverter H3' };

async function created(fields: object = {}) {
  const answer = await post('/c/v0/document/create', { ...manual, ...fields });
  expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
  return answer.body.result.id as number;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  distributor = await t.createAccount(Access.distributor, { organisationId: await t.createBranch('distributor', 'DOCDIST') });
});
afterAll(() => t.close());

describe('documents (issue 23)', () => {
  it('takes PDFs by their bytes: a renamed program and an image are refused, past 30 MB too', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(4000)]);
    const refused = await upload('/c/v0/document/file/upload', exe, 'manual.pdf');
    expect(refused.body).toMatchObject({ errno: Errno.bodyInvalid, result: { issues: [{ path: 'file', message: 'document.onlyPdf' }] } });
    expect((await upload('/c/v0/document/file/upload', PIXEL, 'manual.pdf')).body.result.issues[0].message).toBe('document.onlyPdf');
    const tooLarge = await upload('/c/v0/document/file/upload', pdf(30 * MB), 'big.pdf');
    expect(tooLarge.body.result.issues[0].message).toBe('document.tooLarge');
    expect((await upload('/c/v0/document/cover/upload', pdf(2000), 'cover.png')).body.result.issues[0].message).toBe('document.onlyImages');
    // Only the manufacturer manages documents.
    expect((await upload('/c/v0/document/file/upload', pdf(2000), 'a.pdf', distributor)).body.errno).toBe(Errno.noPermission);
    expect((await post('/c/v0/document/create', { ...manual, name: '' })).body.errno).toBe(Errno.bodyInvalid);
  });

  it('holds 30 PDFs of 29 MB and refuses the 31st, all or none', async () => {
    const id = await created({ name: 'Thirty files' });
    const bytes = pdf(29 * MB);
    const fileIds: number[] = [];
    for (let i = 0; i < DOCUMENT_FILES_MAX + 1; i++) {
      const answer = await upload('/c/v0/document/file/upload', bytes, `part-${i}.pdf`);
      expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
      expect(answer.body.result).toMatchObject({ size: 29 * MB, contentType: 'application/pdf' });
      fileIds.push(answer.body.result.id);
    }
    expect((await post('/c/v0/document/file/add', { id, fileIds: fileIds.slice(0, 29) })).body.errno).toBe(0);
    expect((await post('/c/v0/document/file/add', { id, fileIds: fileIds.slice(29) })).body.errno).toBe(Errno.documentFilesFull);
    expect((await post('/c/v0/document/file/add', { id, fileIds: [fileIds[29]] })).body.errno).toBe(0);
    expect((await post('/c/v0/document/file/add', { id, fileIds: [fileIds[30]] })).body.errno).toBe(Errno.documentFilesFull);
    // A file another document holds is not added twice.
    const other = await created({ name: 'Other' });
    expect((await post('/c/v0/document/file/add', { id: other, fileIds: [fileIds[0]] })).body.errno).toBe(Errno.notFound);
    const list = await post('/c/v0/document/list', { name: 'Thirty' });
    expect(list.body.result.documents[0].files).toHaveLength(DOCUMENT_FILES_MAX);
  }, 120_000);

  it('publishes and withdraws: the public page lists and opens only published documents', async () => {
    const cover = (await upload('/c/v0/document/cover/upload', PIXEL, 'cover.png')).body.result.id;
    const id = await created({ name: 'Datasheet H3', type: 'datasheet', language: 'fr', coverId: cover });
    const file = (await upload('/c/v0/document/file/upload', pdf(5000), 'datasheet.pdf')).body.result.id;
    expect((await post('/c/v0/document/file/add', { id, fileIds: [file] })).body.errno).toBe(0);
    const open = (fileId: number) =>
      t.app.http.inject({ method: 'GET', url: `/c/v0/manual/file?id=${fileId}`, headers: signed(`/c/v0/manual/file`) });
    const hidden = await open(file);
    expect(hidden.json()).toEqual({ errno: Errno.notFound, result: {} });
    expect((await t.call('GET', '/c/v0/manual/list?language=fr')).body.result.documents).toEqual([]);

    expect((await post('/c/v0/document/publish', { id, published: true })).body.errno).toBe(0);
    const listed = (await t.call('GET', '/c/v0/manual/list?language=fr&type=datasheet')).body.result.documents;
    expect(listed).toMatchObject([{ id, name: 'Datasheet H3', coverId: cover, files: [{ id: file, name: 'datasheet.pdf', size: 5000 }] }]);
    const shown = await open(file);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toContain('inline');
    expect((await open(cover)).headers['content-type']).toBe('image/png');

    expect((await post('/c/v0/document/publish', { id, published: false })).body.errno).toBe(0);
    expect((await open(file)).json()).toEqual(hidden.json());
    expect((await post('/c/v0/document/delete', { id })).body.errno).toBe(0);
    const log = await post('/c/v0/log/operation/list', { objectType: 'document', objectId: String(id) });
    expect(log.body.result.entries.map((e: { action: string }) => e.action)).toEqual([
      'document.delete',
      'document.withdraw',
      'document.publish',
      'document.addFiles',
      'document.create',
    ]);
  });
});

describe('file management (issue 23, /bus/fileManagement)', () => {
  it('lists every stored file with where it is used, and deletes only unused files of a module that says', async () => {
    const id = await created({ name: 'Kept manual' });
    const held = (await upload('/c/v0/document/file/upload', pdf(3000), 'kept.pdf')).body.result.id;
    const loose = (await upload('/c/v0/document/file/upload', pdf(3000), 'loose.pdf')).body.result.id;
    expect((await post('/c/v0/document/file/add', { id, fileIds: [held] })).body.errno).toBe(0);
    const [firmware] = await t.database.db
      .insert(storedFile)
      .values({
        sha256: 'f'.repeat(64),
        size: 10,
        contentType: 'application/octet-stream',
        name: 'fw.bin',
        purpose: 'firmware',
        organisationId: 1,
      })
      .returning({ id: storedFile.id });

    const list = (await post('/c/v0/file/list', { pageSize: 50 })).body.result;
    const entry = (fileId: number) => list.files.find((file: { id: number }) => file.id === fileId);
    expect(entry(held)).toMatchObject({
      name: 'kept.pdf',
      size: 3000,
      contentType: 'application/pdf',
      purpose: 'document',
      uploader: admin.username,
      usedBy: [{ kind: 'document', id, label: 'Kept manual' }],
      deletable: false,
    });
    expect(entry(loose)).toMatchObject({ usedBy: [], deletable: true });
    expect(entry(firmware?.id as number)).toMatchObject({ purpose: 'firmware', deletable: false });
    expect((await post('/c/v0/file/list', { name: 'loose' })).body.result.total).toBe(1);

    expect((await post('/c/v0/file/delete', { id: held })).body.errno).toBe(Errno.fileInUse);
    expect((await post('/c/v0/file/delete', { id: firmware?.id })).body.errno).toBe(Errno.fileInUse);
    expect((await post('/c/v0/file/delete', { id: loose })).body.errno).toBe(0);
    expect((await post('/c/v0/file/delete', { id: loose })).body.errno).toBe(Errno.notFound);
    const downloaded = await t.app.http.inject({
      method: 'GET',
      url: `/c/v0/file/download?id=${held}`,
      headers: signedHeaders('/c/v0/file/download', admin.token, 'en'),
    });
    expect(downloaded.rawPayload.length).toBe(3000);
    const log = await post('/c/v0/log/operation/list', { objectType: 'file', objectId: String(loose) });
    expect(log.body.result.entries.map((e: { action: string }) => e.action)).toEqual(['file.delete']);
  });
});

function signed(path: string) {
  return signedHeaders(path, '', 'en');
}
