import { Errno } from '@sunstack/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FileStore, FileTooLargeError } from '../../core/fileStore.ts';
import { AppError } from '../../http/errors.ts';
import { sendStoredFile } from '../../http/fileResponse.ts';
import type { FileRepo, NewStoredFile, StoredFileRow } from './repo.ts';

/** What an upload may be: its size limit, and which types its bytes may show (with the message keys when not). */
export interface UploadRule {
  maxBytes: number;
  /**
   * The content type to keep for these bytes, or undefined to refuse them. `sniffed` is what the bytes show
   * (undefined for text and unknown binary, such as an Intel HEX or a raw .bin image); `fileName` only helps
   * tell such files apart, never overrides what the bytes show.
   */
  accept(sniffed: string | undefined, fileName: string): string | undefined;
  /** Translation keys of the field's message (the web's locales), e.g. 'document.onlyPdf'. */
  messages: { tooLarge: string; wrongType: string };
}

/** Images as spec section 5 allows them (jpg, png, jpeg), by what the bytes are. */
export const acceptImages: UploadRule['accept'] = (sniffed) => (sniffed === 'image/jpeg' || sniffed === 'image/png' ? sniffed : undefined);

export type FileOwner = Pick<NewStoredFile, 'purpose' | 'organisationId' | 'createdBy'>;

const refused = (message: string) => new AppError(Errno.bodyInvalid, [{ path: 'file', message }]);

/**
 * Stored files for every module that keeps them: an upload streamed into the store and recorded, a file the
 * platform made, a download, a deletion that frees the bytes when no other row holds them. Who may reach a
 * file is the using module's rule: it keeps the file's id beside its own record and checks its own scope.
 */
export function createFileService(deps: { repo: FileRepo; store: FileStore }) {
  const { repo, store } = deps;

  async function keep(source: AsyncIterable<Uint8Array>, name: string, rule: UploadRule, owner: FileOwner): Promise<StoredFileRow> {
    let stored: Awaited<ReturnType<FileStore['put']>>;
    try {
      stored = await store.put(source, rule.maxBytes);
    } catch (error) {
      if (error instanceof FileTooLargeError) throw refused(rule.messages.tooLarge);
      throw error;
    }
    const contentType = rule.accept(stored.sniffedType, name);
    if (!contentType) {
      await forgetUnheld(stored.sha256);
      throw refused(rule.messages.wrongType);
    }
    return repo.insert({ ...owner, sha256: stored.sha256, size: stored.size, contentType, name: name.slice(0, 255) });
  }

  /** Removes bytes no row holds (refused ones, or a deleted file's). */
  async function forgetUnheld(sha256: string) {
    // A race with an upload of the same bytes is harmless: that upload renames its copy into place again.
    if ((await repo.countWithBytes(sha256)) === 0) await store.remove(sha256);
  }

  return {
    /** The one file of a multipart request (the call is declared `upload: true`), streamed in under `rule`. */
    async upload(request: FastifyRequest, rule: UploadRule, owner: FileOwner): Promise<StoredFileRow> {
      const part = await request.file({ limits: { fileSize: rule.maxBytes + 1 }, throwFileSizeLimit: false });
      if (!part) throw refused(rule.messages.wrongType);
      const row = await keep(part.file, part.filename, rule, owner);
      if (part.file.truncated) {
        await this.remove(row.id);
        throw refused(rule.messages.tooLarge);
      }
      return row;
    },
    /** A file the platform made (a report) or received outside a form (a device's log). */
    keep,
    byId: (id: number) => repo.byId(id),
    /** Streams the file (Range honoured); false when its bytes are gone. */
    send: (request: FastifyRequest, reply: FastifyReply, file: Pick<StoredFileRow, 'sha256' | 'contentType' | 'name'>, inline = false) =>
      sendStoredFile(request, reply, store, { sha256: file.sha256, contentType: file.contentType, fileName: file.name, inline }),
    /** Deletes the record, and the bytes when no other record holds them; the caller checked nothing uses it. */
    async remove(id: number) {
      const sha256 = await repo.delete(id);
      if (sha256) await forgetUnheld(sha256);
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
