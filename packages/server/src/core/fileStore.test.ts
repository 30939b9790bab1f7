import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendStoredFile } from '../http/fileResponse.ts';
import { diskFileStore, FileTooLargeError } from './fileStore.ts';

async function* chunks(bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(10_000)]);

describe('file store', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sunstack-files-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps the same bytes once, named by their hash, and sniffs the type from the bytes', async () => {
    const store = diskFileStore(dir);
    const first = await store.put(chunks(PDF, 777), 1_000_000);
    const second = await store.put(chunks(PDF, 4096), 1_000_000);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ size: PDF.length, sniffedType: 'application/pdf' });
    expect(await store.size(first.sha256)).toBe(PDF.length);
    const text = await store.put(chunks(Buffer.from(':10010000214601360121470136007EFE09D2190140\n'), 8), 1000);
    expect(text.sniffedType).toBeUndefined();
  });

  it('refuses past the limit and keeps nothing of the refused upload', async () => {
    const store = diskFileStore(dir);
    const before = await readdir(join(dir, 'incoming'));
    await expect(store.put(chunks(randomBytes(5000), 1000), 4999)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await readdir(join(dir, 'incoming'))).toEqual(before);
  });

  it('builds no path from anything but a hash', async () => {
    const store = diskFileStore(dir);
    expect(await store.size('../../etc/passwd')).toBeUndefined();
    expect(() => store.read('../x')).toThrow();
  });

  it('answers a range with 206, past the end with 416, and the whole file without one', async () => {
    const store = diskFileStore(dir);
    const { sha256 } = await store.put(chunks(PDF, 1000), 1_000_000);
    const http = Fastify();
    http.get('/f', async (request, reply) => {
      await sendStoredFile(request, reply, store, { sha256, contentType: 'application/pdf', fileName: 'Handbuch ü.pdf' });
    });
    const whole = await http.inject({ url: '/f' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(PDF)).toBe(true);
    expect(whole.headers['content-disposition']).toBe(`attachment; filename="Handbuch _.pdf"; filename*=UTF-8''Handbuch%20%C3%BC.pdf`);
    const part = await http.inject({ url: '/f', headers: { range: 'bytes=100-' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-${PDF.length - 1}/${PDF.length}`);
    expect(part.rawPayload.equals(PDF.subarray(100))).toBe(true);
    const past = await http.inject({ url: '/f', headers: { range: `bytes=${PDF.length + 5}-` } });
    expect(past.statusCode).toBe(416);
    await http.close();
  });
});
