import { Errno } from '@sunstack/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, uniqueViolation } from '../../db/client.ts';
import { brand, storedFile } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export type BrandRow = typeof brand.$inferSelect;
export const BRAND_PURPOSE = 'brand';

function domainTaken(error: unknown): never {
  if (uniqueViolation(error) === 'brand_domain_key') throw new AppError(Errno.brandDomainTaken);
  throw error;
}

/** Brands and their logos (stored files of purpose `brand`). */
export function createBrandRepo(db: Db) {
  return {
    list: () => db.select().from(brand).orderBy(asc(brand.name), asc(brand.id)),
    async byDomain(domain: string) {
      const [row] = await db.select().from(brand).where(eq(brand.domain, domain));
      return row;
    },
    async lock(id: number) {
      const [row] = await db.select().from(brand).where(eq(brand.id, id)).for('update');
      return row;
    },
    async insert(row: Omit<typeof brand.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>) {
      const [created] = await db.insert(brand).values(row).returning({ id: brand.id }).catch(domainTaken);
      return (created as { id: number }).id;
    },
    async update(id: number, change: Partial<typeof brand.$inferInsert>) {
      await db
        .update(brand)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(brand.id, id))
        .catch(domainTaken);
    },
    async delete(id: number) {
      await db.delete(brand).where(eq(brand.id, id));
    },
    /** Whether this logo is an uploaded one no brand holds yet. */
    async logoUnheld(fileId: number) {
      const [row] = await db
        .select({ id: storedFile.id })
        .from(storedFile)
        .where(
          sql`${storedFile.id} = ${fileId} and ${storedFile.purpose} = ${BRAND_PURPOSE}
            and not exists (select 1 from ${brand} where ${brand.logoFileId} = ${storedFile.id})`,
        );
      return row !== undefined;
    },
    /** Whether a brand shows this file as its logo (what the public logo call may send). */
    isLogo: async (fileId: number) => (await db.$count(brand, eq(brand.logoFileId, fileId))) > 0,

    /** Where stored files are used, for file management: the brand showing each as its logo. */
    async holders(fileIds: number[]) {
      if (fileIds.length === 0) return [];
      const rows = await db
        .select({ id: brand.id, name: brand.name, fileId: brand.logoFileId })
        .from(brand)
        .where(inArray(brand.logoFileId, fileIds));
      return rows.map((row) => ({ fileId: row.fileId as number, kind: 'brand', id: row.id, label: row.name }));
    },
  };
}

export type BrandRepo = ReturnType<typeof createBrandRepo>;
