import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contains } from '../../db/like.ts';
import type { Page } from '../../db/page.ts';
import { account, storedFile } from '../../db/schema.ts';

export type StoredFileRow = typeof storedFile.$inferSelect;
export type NewStoredFile = Omit<typeof storedFile.$inferInsert, 'id' | 'createdAt'>;

/** Rows of stored files; the bytes are in the file store. */
export function createFileRepo(db: Db) {
  return {
    async insert(file: NewStoredFile): Promise<StoredFileRow> {
      const [row] = await db.insert(storedFile).values(file).returning();
      return row as StoredFileRow;
    },
    async byId(id: number): Promise<StoredFileRow | undefined> {
      const [row] = await db.select().from(storedFile).where(eq(storedFile.id, id));
      return row;
    },
    /** Deletes the row; answers the hash of its bytes. */
    async delete(id: number): Promise<string | undefined> {
      const [row] = await db.delete(storedFile).where(eq(storedFile.id, id)).returning({ sha256: storedFile.sha256 });
      return row?.sha256;
    },
    countWithBytes: (sha256: string) => db.$count(storedFile, eq(storedFile.sha256, sha256)),
    /** Every stored file, newest first, with who uploaded it (file management). */
    async list(filters: { purpose?: string; name?: string }, page: Page) {
      const where = and(
        filters.purpose ? eq(storedFile.purpose, filters.purpose) : undefined,
        filters.name ? contains(storedFile.name, filters.name) : undefined,
      );
      const total = await db.$count(storedFile, where);
      const rows = await db
        .select({ file: storedFile, uploader: account.username })
        .from(storedFile)
        .leftJoin(account, eq(account.id, storedFile.createdBy))
        .where(where)
        .orderBy(desc(storedFile.createdAt), desc(storedFile.id))
        .limit(page.limit)
        .offset(page.offset);
      return { total, rows };
    },
  };
}

export type FileRepo = ReturnType<typeof createFileRepo>;
