import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';

/**
 * Every stored file's bytes (firmware images, documents, photos, device logs, generated reports), kept once by
 * content: the SHA-256 of the bytes is the file's name, so a second upload of the same bytes is the same file.
 * What a file is and who may reach it lives in the tables of the module that uses it; this store only holds
 * bytes. No name a user gives ever reaches the file system: paths are built from the hex hash alone.
 */
export interface FileStore {
  /**
   * Streams `source` in, hashing as it goes; refuses past `maxBytes` (FileTooLargeError, nothing kept).
   * Answers the hash, the size and the type sniffed from the first bytes (never from a name).
   */
  put(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredBytes>;
  /** The file's size, or undefined when it is not stored. */
  size(sha256: string): Promise<number | undefined>;
  /** The bytes from `start` to `end` inclusive (the whole file without them); the caller checked `size` first. */
  read(sha256: string, range?: { start: number; end: number }): Readable;
  /** Removes the bytes; the caller has checked that nothing refers to them any more. */
  remove(sha256: string): Promise<void>;
}

export interface StoredBytes {
  sha256: string;
  size: number;
  /** The MIME type the first bytes show (PDF, PNG, JPEG, zip, ...), or undefined for text or unknown binary. */
  sniffedType: string | undefined;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
/** file-type decides from the first 4,100 bytes at most. */
const SNIFF_BYTES = 4100;

/** The store in a folder of the data directory: `<dir>/ab/abcdef...`; uploads land in `<dir>/incoming` first. */
export function diskFileStore(dir: string): FileStore {
  const pathOf = (sha256: string) => {
    if (!SHA256_HEX.test(sha256)) throw new Error('not a SHA-256 in hex');
    return join(dir, sha256.slice(0, 2), sha256);
  };

  return {
    async put(source, maxBytes) {
      const incoming = join(dir, 'incoming');
      await mkdir(incoming, { recursive: true });
      const temporary = join(incoming, randomBytes(12).toString('hex'));
      const hash = createHash('sha256');
      let size = 0;
      const head: Buffer[] = [];
      let headBytes = 0;
      async function* counted() {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > maxBytes) throw new FileTooLargeError(maxBytes);
          hash.update(chunk);
          if (headBytes < SNIFF_BYTES) {
            head.push(Buffer.from(chunk.subarray(0, SNIFF_BYTES - headBytes)));
            headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
          }
          yield chunk;
        }
      }
      try {
        await pipeline(counted, createWriteStream(temporary));
        const sha256 = hash.digest('hex');
        const target = pathOf(sha256);
        await mkdir(join(dir, sha256.slice(0, 2)), { recursive: true });
        // Renaming over an existing copy of the same bytes is harmless: the content is identical.
        await rename(temporary, target);
        const sniffed = await fileTypeFromBuffer(Buffer.concat(head));
        return { sha256, size, sniffedType: sniffed?.mime };
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async size(sha256) {
      if (!SHA256_HEX.test(sha256)) return undefined;
      try {
        return (await stat(pathOf(sha256))).size;
      } catch {
        return undefined;
      }
    },
    read(sha256, range) {
      return createReadStream(pathOf(sha256), range ? { start: range.start, end: range.end } : {});
    },
    async remove(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
  };
}
