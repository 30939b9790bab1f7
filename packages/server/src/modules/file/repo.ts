import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { storedFile } from '../../db/schema.ts';

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
  };
}

export type FileRepo = ReturnType<typeof createFileRepo>;
