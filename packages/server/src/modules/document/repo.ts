import type { DocumentListBody } from '@sunstack/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contains } from '../../db/like.ts';
import type { Page } from '../../db/page.ts';
import { document, documentFile, storedFile } from '../../db/schema.ts';

export type DocumentRow = typeof document.$inferSelect;
export const DOCUMENT_PURPOSE = 'document';
export const COVER_PURPOSE = 'cover';

/** Documents, their PDF files and covers (stored files). */
export function createDocumentRepo(db: Db) {
  async function filesOf(documentIds: number[]) {
    if (documentIds.length === 0) return new Map<number, { id: number; name: string; size: number }[]>();
    const rows = await db
      .select({ documentId: documentFile.documentId, id: storedFile.id, name: storedFile.name, size: storedFile.size })
      .from(documentFile)
      .innerJoin(storedFile, eq(storedFile.id, documentFile.fileId))
      .where(inArray(documentFile.documentId, documentIds))
      .orderBy(asc(storedFile.id));
    const byDocument = new Map<number, { id: number; name: string; size: number }[]>();
    for (const { documentId, ...file } of rows) byDocument.set(documentId, [...(byDocument.get(documentId) ?? []), file]);
    return byDocument;
  }
  const withFiles = async (rows: DocumentRow[]) => {
    const files = await filesOf(rows.map((row) => row.id));
    return rows.map((row) => ({ row, files: files.get(row.id) ?? [] }));
  };

  return {
    async list(filters: Omit<DocumentListBody, 'currentPage' | 'pageSize'>, page: Page, publishedOnly = false) {
      const where = and(
        publishedOnly ? isNotNull(document.publishedAt) : undefined,
        filters.language ? eq(document.language, filters.language) : undefined,
        filters.type ? eq(document.type, filters.type) : undefined,
        filters.name ? contains(document.name, filters.name) : undefined,
      );
      const total = await db.$count(document, where);
      const rows = await db
        .select()
        .from(document)
        .where(where)
        .orderBy(desc(document.updatedAt), desc(document.id))
        .limit(page.limit)
        .offset(page.offset);
      return { total, documents: await withFiles(rows) };
    },
    /** A document locked for a change (its files are counted under the lock). */
    async lock(id: number) {
      const [row] = await db.select().from(document).where(eq(document.id, id)).for('update');
      return row;
    },
    async insert(row: Omit<typeof document.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>) {
      const [created] = await db.insert(document).values(row).returning({ id: document.id });
      return (created as { id: number }).id;
    },
    async update(id: number, change: Partial<typeof document.$inferInsert>) {
      await db
        .update(document)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(document.id, id));
    },
    async delete(id: number) {
      await db.delete(documentFile).where(eq(documentFile.documentId, id));
      await db.delete(document).where(eq(document.id, id));
    },
    countFiles: (id: number) => db.$count(documentFile, eq(documentFile.documentId, id)),
    async addFiles(id: number, fileIds: number[]) {
      await db.insert(documentFile).values(fileIds.map((fileId) => ({ fileId, documentId: id })));
    },
    async removeFile(id: number, fileId: number) {
      const removed = await db
        .delete(documentFile)
        .where(and(eq(documentFile.documentId, id), eq(documentFile.fileId, fileId)))
        .returning({ fileId: documentFile.fileId });
      return removed.length > 0;
    },
    fileIdsOf: async (id: number) =>
      (await db.select({ id: documentFile.fileId }).from(documentFile).where(eq(documentFile.documentId, id))).map((row) => row.id),

    /** Of these stored files, those of `purpose` that no document holds yet (uploaded for one, not added). */
    async unheld(purpose: string, fileIds: number[]) {
      const rows = await db
        .select({ id: storedFile.id })
        .from(storedFile)
        .leftJoin(documentFile, eq(documentFile.fileId, storedFile.id))
        .where(
          and(
            inArray(storedFile.id, fileIds),
            eq(storedFile.purpose, purpose),
            isNull(documentFile.fileId),
            sql`not exists (select 1 from ${document} where ${document.coverFileId} = ${storedFile.id})`,
          ),
        );
      return rows.map((row) => row.id);
    },

    /** A file of a published document (a PDF or the cover): what the public page may open. */
    async publishedFile(fileId: number) {
      const [row] = await db
        .select({ id: storedFile.id })
        .from(storedFile)
        .where(
          and(
            eq(storedFile.id, fileId),
            sql`exists (select 1 from ${document} left join ${documentFile} on ${documentFile.documentId} = ${document.id}
              where ${document.publishedAt} is not null and (${documentFile.fileId} = ${storedFile.id} or ${document.coverFileId} = ${storedFile.id}))`,
          ),
        );
      return row?.id;
    },

    /** Where stored files are used, for file management: the document holding each (as a file or its cover). */
    async holders(fileIds: number[]) {
      if (fileIds.length === 0) return [];
      const held: SQL = or(inArray(documentFile.fileId, fileIds), inArray(document.coverFileId, fileIds)) as SQL;
      const rows = await db
        .select({ id: document.id, name: document.name, fileId: documentFile.fileId, coverFileId: document.coverFileId })
        .from(document)
        .leftJoin(documentFile, eq(documentFile.documentId, document.id))
        .where(held);
      return rows.flatMap((row) =>
        [row.fileId, row.coverFileId]
          .filter((fileId): fileId is number => fileId !== null && fileIds.includes(fileId))
          .map((fileId) => ({ fileId, kind: 'document', id: row.id, label: row.name })),
      );
    },
  };
}

export type DocumentRepo = ReturnType<typeof createDocumentRepo>;
