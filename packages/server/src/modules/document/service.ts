import {
  COVER_MAX_BYTES,
  DOCUMENT_FILE_MAX_BYTES,
  DOCUMENT_FILES_MAX,
  type DocumentEntry,
  type DocumentListBody,
  type DocumentSaveBody,
  type DocumentUpdateBody,
  Errno,
  type Language,
} from '@sunstack/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf, requirePermission } from '../../core/permissions.ts';
import { pageOf } from '../../db/page.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import { acceptImages, type FileService, type UploadRule } from '../file/service.ts';
import { COVER_PURPOSE, DOCUMENT_PURPOSE, type DocumentRepo, type DocumentRow } from './repo.ts';

/** Documents: PDF only, under 30 MB each (spec section 5), by what the bytes are; a renamed program is refused. */
export const PDF_RULE: UploadRule = {
  maxBytes: DOCUMENT_FILE_MAX_BYTES,
  accept: (sniffed) => (sniffed === 'application/pdf' ? sniffed : undefined),
  messages: { tooLarge: 'document.tooLarge', wrongType: 'document.onlyPdf' },
};
const COVER_RULE: UploadRule = {
  maxBytes: COVER_MAX_BYTES,
  accept: acceptImages,
  messages: { tooLarge: 'document.coverTooLarge', wrongType: 'document.onlyImages' },
};

const present = ({ row, files }: { row: DocumentRow; files: DocumentEntry['files'] }): DocumentEntry => ({
  id: row.id,
  manufacturer: row.manufacturer,
  language: row.language as Language,
  type: row.type,
  name: row.name,
  videoLink: row.videoLink,
  coverId: row.coverFileId,
  files,
  publishedAt: row.publishedAt?.getTime() ?? null,
  updatedAt: row.updatedAt.getTime(),
});

/**
 * Document management (switch document.manage): a document's PDFs and cover are uploaded first and then added, so a
 * document never holds a file whose bytes were refused; at most 30 PDFs, counted under the document's lock. Published
 * documents are public on /manual/download.
 */
export function createDocumentService(deps: { repo: DocumentRepo; files: FileService; audit: AuditService; transaction: Transaction }) {
  const { repo, files, audit, transaction } = deps;

  async function locked(id: number) {
    const row = await repo.lock(id);
    if (!row) throw notFound();
    return row;
  }
  async function coverOf(coverId: number | null) {
    if (coverId === null) return null;
    if ((await repo.unheld(COVER_PURPOSE, [coverId])).length !== 1) throw notFound();
    return coverId;
  }
  const upload = (session: Session, request: FastifyRequest, rule: UploadRule, purpose: string) => {
    requirePermission(session, 'document.manage');
    return files.upload(request, rule, { purpose, organisationId: organisationIdOf(session), createdBy: session.accountId });
  };
  const uploaded = (row: { id: number; name: string; size: number; contentType: string }) => ({
    id: row.id,
    name: row.name,
    size: row.size,
    contentType: row.contentType,
  });

  return {
    async list(session: Session, { currentPage, pageSize, ...filters }: DocumentListBody) {
      requirePermission(session, 'document.manage');
      const { total, documents } = await repo.list(filters, pageOf({ currentPage, pageSize }));
      return { total, currentPage, pageSize, documents: documents.map(present) };
    },

    uploadFile: async (session: Session, request: FastifyRequest) => uploaded(await upload(session, request, PDF_RULE, DOCUMENT_PURPOSE)),
    uploadCover: async (session: Session, request: FastifyRequest) => uploaded(await upload(session, request, COVER_RULE, COVER_PURPOSE)),

    async create(session: Session, client: ClientInfo, { coverId, ...fields }: DocumentSaveBody) {
      requirePermission(session, 'document.manage');
      return transaction(async () => {
        const id = await repo.insert({ ...fields, coverFileId: await coverOf(coverId), createdBy: session.accountId });
        await audit.record(session, client, {
          action: 'document.create',
          objectType: 'document',
          objectId: id,
          after: { ...fields, coverId },
        });
        return { id };
      });
    },

    async update(session: Session, client: ClientInfo, { id, coverId, ...fields }: DocumentUpdateBody) {
      requirePermission(session, 'document.manage');
      const replaced = await transaction(async () => {
        const before = await locked(id);
        const cover = coverId === before.coverFileId ? coverId : await coverOf(coverId);
        await repo.update(id, { ...fields, coverFileId: cover });
        await audit.record(session, client, {
          action: 'document.update',
          objectType: 'document',
          objectId: id,
          before: {
            manufacturer: before.manufacturer,
            language: before.language,
            type: before.type,
            name: before.name,
            coverId: before.coverFileId,
          },
          after: { ...fields, coverId },
        });
        return before.coverFileId !== cover ? before.coverFileId : null;
      });
      // The bytes go once the change is committed (a cover is one document's).
      if (replaced !== null) await files.remove(replaced);
    },

    async addFiles(session: Session, client: ClientInfo, { id, fileIds }: { id: number; fileIds: number[] }) {
      requirePermission(session, 'document.manage');
      const unique = [...new Set(fileIds)];
      return transaction(async () => {
        await locked(id);
        if ((await repo.unheld(DOCUMENT_PURPOSE, unique)).length !== unique.length) throw notFound();
        if ((await repo.countFiles(id)) + unique.length > DOCUMENT_FILES_MAX) throw new AppError(Errno.documentFilesFull);
        await repo.addFiles(id, unique);
        await repo.update(id, {});
        await audit.record(session, client, {
          action: 'document.addFiles',
          objectType: 'document',
          objectId: id,
          after: { fileIds: unique },
        });
      });
    },

    async removeFile(session: Session, client: ClientInfo, { id, fileId }: { id: number; fileId: number }) {
      requirePermission(session, 'document.manage');
      await transaction(async () => {
        await locked(id);
        if (!(await repo.removeFile(id, fileId))) throw notFound();
        await repo.update(id, {});
        await audit.record(session, client, { action: 'document.removeFile', objectType: 'document', objectId: id, before: { fileId } });
      });
      await files.remove(fileId);
    },

    async publish(session: Session, client: ClientInfo, { id, published }: { id: number; published: boolean }) {
      requirePermission(session, 'document.manage');
      return transaction(async () => {
        const before = await locked(id);
        await repo.update(id, { publishedAt: published ? (before.publishedAt ?? new Date()) : null });
        await audit.record(session, client, {
          action: published ? 'document.publish' : 'document.withdraw',
          objectType: 'document',
          objectId: id,
          before: { published: before.publishedAt !== null },
          after: { published },
        });
      });
    },

    async delete(session: Session, client: ClientInfo, id: number) {
      requirePermission(session, 'document.manage');
      const freed = await transaction(async () => {
        const before = await locked(id);
        const held = await repo.fileIdsOf(id);
        await repo.delete(id);
        await audit.record(session, client, {
          action: 'document.delete',
          objectType: 'document',
          objectId: id,
          before: { name: before.name, language: before.language, type: before.type, files: held.length },
        });
        return before.coverFileId === null ? held : [...held, before.coverFileId];
      });
      for (const fileId of freed) await files.remove(fileId);
    },

    async manuals(filters: Pick<DocumentListBody, 'language' | 'type'>) {
      const { documents } = await repo.list(filters, { limit: 500, offset: 0 }, true);
      return {
        documents: documents.map(({ row, files: held }) => {
          const { updatedAt: _, ...entry } = present({ row, files: held });
          return entry;
        }),
      };
    },

    /** A published document's PDF or cover, shown in the browser; anything else answers like a missing file. */
    async sendPublished(fileId: number, request: FastifyRequest, reply: FastifyReply) {
      const published = await repo.publishedFile(fileId);
      const file = published ? await files.byId(published) : undefined;
      if (!file || !(await files.send(request, reply, file, true))) throw notFound();
      return reply;
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
