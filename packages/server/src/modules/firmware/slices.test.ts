import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_UPLOAD_MS, createSliceStore } from './slices.ts';

/** Abandoned uploads (issue 20): slices nothing arrived for in a day are removed; an upload still receiving stays. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'slices-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Sets every file of an upload (and its folder) to a time. */
async function age(uploadId: string, ms: number) {
  const folder = join(dir, uploadId);
  for (const name of await readdir(folder)) await utimes(join(folder, name), ms / 1000, ms / 1000);
  await utimes(folder, ms / 1000, ms / 1000);
}

describe('abandoned upload sweep', () => {
  it('removes uploads idle past the limit, keeps one whose latest slice is recent, and answers how many', async () => {
    const store = createSliceStore(dir);
    const slice = Buffer.from('a slice of firmware');
    const now = Date.now();
    for (const uploadId of ['1-old', '1-resumed', '1-fresh']) {
      await store.begin(uploadId, { fileName: 'a.bin', size: 3 * 2 ** 21, sha256: '0'.repeat(64) });
      expect(await store.put(uploadId, 0, slice, sha256Of(slice))).toBe(true);
    }
    await age('1-old', now - ABANDONED_UPLOAD_MS - 60_000);
    await age('1-resumed', now - ABANDONED_UPLOAD_MS - 60_000);
    // The resumed upload took a slice just now: it is not abandoned, though it began long ago.
    expect(await store.put('1-resumed', 1, slice, sha256Of(slice))).toBe(true);

    expect(await store.sweep(now - ABANDONED_UPLOAD_MS)).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(['1-fresh', '1-resumed']);
    expect(await store.received('1-old')).toEqual([]);
    expect(await store.received('1-resumed')).toEqual([0, 1]);
    // Nothing else is idle: a second sweep removes nothing.
    expect(await store.sweep(now - ABANDONED_UPLOAD_MS)).toBe(0);
  });

  it('answers 0 when no upload was ever begun', async () => {
    expect(await createSliceStore(join(dir, 'never')).sweep(Date.now())).toBe(0);
  });
});
