import { eq, sql } from 'drizzle-orm';
import { pathWithin } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { organisation } from '../../db/schema.ts';

export function createOrganisationRepo(db: Db) {
  return {
    async find(id: number) {
      const [row] = await db.select().from(organisation).where(eq(organisation.id, id));
      return row;
    },

    /** Re-parents a branch: its own path and every path below it take the new prefix, in one statement. */
    async move(id: number, oldPath: string, parentId: number, newPath: string) {
      await db.transaction(async (tx) => {
        await tx.update(organisation).set({ parentId }).where(eq(organisation.id, id));
        await tx
          .update(organisation)
          .set({ path: sql`${newPath} || substr(${organisation.path}, ${oldPath.length + 1})` })
          .where(pathWithin(organisation.path, oldPath));
      });
    },
  };
}
export type OrganisationRepo = ReturnType<typeof createOrganisationRepo>;
