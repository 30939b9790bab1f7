import { Errno, type FileListBody, type FileUse, type StoredFileEntry } from '@sunstack/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { pageOf } from '../../db/page.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { FileRepo } from '../file/repo.ts';
import type { FileService } from '../file/service.ts';

/**
 * What a module says about the files it keeps: the purposes that are its (stored_file.purpose), and which of the
 * given files its records hold. A file of a purpose no module describes is never deleted here: its module may use it.
 */
export interface FileUsage {
  purposes: readonly string[];
  holders(fileIds: number[]): Promise<({ fileId: number } & FileUse)[]>;
}

/**
 * File management (spec /bus/fileManagement, administrators): every stored file with its size, type, uploader and
 * where it is used, as the modules that keep files describe it; a file is deleted only when nothing uses it.
 */
export function createFileManagementService(deps: {
  repo: FileRepo;
  files: FileService;
  usages: FileUsage[];
  audit: AuditService;
  transaction: Transaction;
}) {
  const { repo, files, usages, audit, transaction } = deps;
  const known = new Set(usages.flatMap((usage) => usage.purposes));

  async function usesOf(fileIds: number[]) {
    const uses = new Map<number, FileUse[]>();
    for (const usage of usages)
      for (const { fileId, ...use } of await usage.holders(fileIds)) uses.set(fileId, [...(uses.get(fileId) ?? []), use]);
    return uses;
  }
  const deletable = (purpose: string, uses: FileUse[]) => known.has(purpose) && uses.length === 0;

  return {
    async list({ currentPage, pageSize, ...filters }: FileListBody) {
      const { total, rows } = await repo.list(filters, pageOf({ currentPage, pageSize }));
      const uses = await usesOf(rows.map((row) => row.file.id));
      const entries: StoredFileEntry[] = rows.map(({ file, uploader }) => {
        const usedBy = uses.get(file.id) ?? [];
        return {
          id: file.id,
          name: file.name,
          size: file.size,
          contentType: file.contentType,
          purpose: file.purpose,
          uploader,
          createdAt: file.createdAt.getTime(),
          usedBy,
          deletable: deletable(file.purpose, usedBy),
        };
      });
      return { total, currentPage, pageSize, files: entries };
    },

    async send(id: number, request: FastifyRequest, reply: FastifyReply) {
      const file = await files.byId(id);
      if (!file || !(await files.send(request, reply, file))) throw notFound();
      return reply;
    },

    async delete(session: Session, client: ClientInfo, id: number) {
      await transaction(async () => {
        const file = await files.byId(id);
        if (!file) throw notFound();
        if (!deletable(file.purpose, (await usesOf([id])).get(id) ?? [])) throw new AppError(Errno.fileInUse);
        await audit.record(session, client, {
          action: 'file.delete',
          objectType: 'file',
          objectId: id,
          before: { name: file.name, purpose: file.purpose, size: file.size, sha256: file.sha256 },
        });
        await files.remove(id);
      });
    },
  };
}

export type FileManagementService = ReturnType<typeof createFileManagementService>;
