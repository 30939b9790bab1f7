import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskFileStore, type FileStore } from '../../core/fileStore.ts';
import { organisation } from '../../db/schema.ts';
import { handleError } from '../../http/errors.ts';
import { openTestDatabase, type TestDatabase } from '../../test/testDatabase.ts';
import { createFileRepo } from './repo.ts';
import { createFileService, type FileService, type UploadRule } from './service.ts';

const PDF_ONLY: UploadRule = {
  maxBytes: 50_000,
  accept: (sniffed) => (sniffed === 'application/pdf' ? sniffed : undefined),
  messages: { tooLarge: 'file.tooLarge', wrongType: 'file.onlyPdf' },
};
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);

async function* once(bytes: Buffer) {
  yield bytes;
}

describe('stored files', () => {
  let database: TestDatabase;
  let dir: string;
  let store: FileStore;
  let files: FileService;
  let organisationId: number;
  const owner = () => ({ purpose: 'document', organisationId, createdBy: null });

  beforeAll(async () => {
    database = await openTestDatabase();
    dir = await mkdtemp(join(tmpdir(), 'sunstack-file-'));
    store = diskFileStore(dir);
    files = createFileService({ repo: createFileRepo(database.db), store });
    const [root] = await database.db.select({ id: organisation.id }).from(organisation).limit(1);
    organisationId = (root as { id: number }).id;
  });
  afterAll(async () => {
    await database.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('records each upload, shares equal bytes, and frees them with the last record', async () => {
    const bytes = pdf(2000);
    const a = await files.keep(once(bytes), 'a.pdf', PDF_ONLY, owner());
    const b = await files.keep(once(bytes), 'b.pdf', PDF_ONLY, owner());
    expect(a.sha256).toBe(b.sha256);
    expect(a.contentType).toBe('application/pdf');
    await files.remove(a.id);
    expect(await store.size(b.sha256)).toBe(2000);
    await files.remove(b.id);
    expect(await store.size(b.sha256)).toBeUndefined();
  });

  it('refuses bytes of the wrong type whatever the name says, keeping nothing', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(500)]);
    await expect(files.keep(once(exe), 'manual.pdf', PDF_ONLY, owner())).rejects.toMatchObject({
      issues: [{ path: 'file', message: 'file.onlyPdf' }],
    });
    expect(await store.size(createHash('sha256').update(exe).digest('hex'))).toBeUndefined();
  });

  it('reads a multipart upload as a stream and refuses one past the limit', async () => {
    const http = Fastify();
    await http.register(multipart, { limits: { files: 1, fileSize: 5 * 1024 * 1024 } });
    http.setErrorHandler(handleError);
    http.post('/up', async (request) => ({ errno: 0, result: await files.upload(request, PDF_ONLY, owner()) }));
    const send = (bytes: Buffer) => {
      const boundary = 'b0undary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="m.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return http.inject({ method: 'POST', url: '/up', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    const fits = await send(pdf(PDF_ONLY.maxBytes));
    expect(fits.json()).toMatchObject({ errno: 0, result: { size: PDF_ONLY.maxBytes } });
    const over = await send(pdf(PDF_ONLY.maxBytes + 1));
    expect(over.json()).toMatchObject({ errno: 40257, result: { issues: [{ message: 'file.tooLarge' }] } });
    await http.close();
  });
});
