import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_SLICE_BYTES } from '@sunstack/shared';

/** An upload whose last slice arrived longer ago than this is abandoned: its slices are removed (the same file chosen again starts over). */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** The whole file of an upload, as its start declared it. */
export interface UploadedFile {
  fileName: string;
  size: number;
  sha256: string;
}

/**
 * Resumable uploads (issue 20): a file arrives in slices of UPLOAD_SLICE_BYTES, each checked against the SHA-256 the
 * browser computed for it, kept in `<dir>/<uploadId>/<index>` until the last has arrived; then they are read back in
 * order as one stream into the file store. The upload's id is the caller's account and the whole file's SHA-256, so
 * the same file sent again (after a cut, a reload) resumes with the slices that are already there.
 */
export function createSliceStore(dir: string) {
  const folderOf = (uploadId: string) => join(dir, uploadId);
  const slicesOf = (size: number) => Math.ceil(size / UPLOAD_SLICE_BYTES);
  /** The exact size slice `index` must have. */
  const sliceSize = (size: number, index: number) => Math.min(UPLOAD_SLICE_BYTES, size - index * UPLOAD_SLICE_BYTES);

  return {
    slicesOf,
    sliceSize,
    /** Begins an upload (or begins it again with the same file): what the whole file is. */
    async begin(uploadId: string, file: UploadedFile) {
      await mkdir(folderOf(uploadId), { recursive: true });
      await writeFile(join(folderOf(uploadId), 'file.json'), JSON.stringify(file));
    },
    /** What the upload's whole file is; undefined for an upload that was never begun (or is finished). */
    async file(uploadId: string): Promise<UploadedFile | undefined> {
      try {
        return JSON.parse(await readFile(join(folderOf(uploadId), 'file.json'), 'utf8')) as UploadedFile;
      } catch {
        return undefined;
      }
    },
    /** The indexes already received, in order; empty for an upload that was never begun. */
    async received(uploadId: string): Promise<number[]> {
      try {
        const names = await readdir(folderOf(uploadId));
        return names
          .filter((name) => /^[0-9]+$/.test(name))
          .map(Number)
          .sort((a, b) => a - b);
      } catch {
        return [];
      }
    },
    /** Keeps one slice whose bytes hash to `sha256` (false when they do not: nothing kept); a slice sent again replaces the first. */
    async put(uploadId: string, index: number, bytes: Buffer, sha256: string): Promise<boolean> {
      if (createHash('sha256').update(bytes).digest('hex') !== sha256) return false;
      const path = join(folderOf(uploadId), String(index));
      // Written aside and renamed, so a slice is either whole or absent.
      await writeFile(`${path}.part`, bytes);
      await rename(`${path}.part`, path);
      return true;
    },
    /** The slices in order, as one stream of bytes. */
    async *read(uploadId: string, slices: number): AsyncIterable<Uint8Array> {
      for (let index = 0; index < slices; index += 1) yield* createReadStream(join(folderOf(uploadId), String(index)));
    },
    async remove(uploadId: string) {
      await rm(folderOf(uploadId), { recursive: true, force: true });
    },
    /**
     * Removes the uploads nothing arrived for since `before` (epoch ms; the newest of their files' times, so an upload
     * still receiving slices stays); answers how many.
     */
    async sweep(before: number): Promise<number> {
      let uploads: string[];
      try {
        uploads = await readdir(dir);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const uploadId of uploads) {
        const folder = folderOf(uploadId);
        const names = await readdir(folder).catch(() => [] as string[]);
        const times = await Promise.all(
          [folder, ...names.map((name) => join(folder, name))].map((path) =>
            stat(path).then(
              (info) => info.mtimeMs,
              () => 0,
            ),
          ),
        );
        if (Math.max(...times) >= before) continue;
        await rm(folder, { recursive: true, force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
export type SliceStore = ReturnType<typeof createSliceStore>;
