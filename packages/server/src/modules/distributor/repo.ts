import { type BranchKind, type BranchListBody, Errno } from '@sunstack/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pathWithin } from '../../core/scope.ts';
import { type Db, uniqueViolation } from '../../db/client.ts';
import { contains } from '../../db/like.ts';
import { offsetOf } from '../../db/page.ts';
import { account, organisation } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export type BranchRow = typeof organisation.$inferSelect;
export type BranchChanges = Partial<Pick<BranchRow, 'name' | 'country' | 'email' | 'code'>>;

const parent = alias(organisation, 'parent');
const accounts = sql<number>`(select count(*) from ${account} where ${account.organisationId} = ${organisation.id})`.mapWith(Number);

/** A taken sign-up code is the one unique violation an organisation row can meet. */
function codeTaken(error: unknown): never {
  if (uniqueViolation(error) === 'organisation_code_key') throw new AppError(Errno.organisationCodeTaken);
  throw error;
}

/**
 * Distributors and agents: organisations of one kind, within a branch (`withinPath`, the
 * caller's organisation path; undefined for administrators, who see every branch).
 */
export function createBranchRepo(db: Db) {
  const ofKind = (kind: BranchKind, withinPath: string | undefined): SQL =>
    and(eq(organisation.kind, kind), withinPath ? pathWithin(organisation.path, withinPath) : undefined) as SQL;

  return {
    async list(kind: BranchKind, withinPath: string | undefined, filters: BranchListBody) {
      const where = and(
        ofKind(kind, withinPath),
        filters.name ? contains(organisation.name, filters.name) : undefined,
        filters.country ? eq(organisation.country, filters.country) : undefined,
        filters.parentId ? eq(organisation.parentId, filters.parentId) : undefined,
      );
      const total = await db.$count(organisation, where);
      const rows = await db
        .select({ branch: organisation, parentName: parent.name, accounts })
        .from(organisation)
        .leftJoin(parent, eq(parent.id, organisation.parentId))
        .where(where)
        .orderBy(desc(organisation.id))
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total, rows };
    },

    async find(kind: BranchKind, withinPath: string | undefined, id: number) {
      const [row] = await db
        .select()
        .from(organisation)
        .where(and(eq(organisation.id, id), ofKind(kind, withinPath)));
      return row;
    },

    async create(row: Pick<BranchRow, 'kind' | 'parentId' | 'name' | 'country' | 'email' | 'code'>) {
      try {
        const [created] = await db.insert(organisation).values(row).returning({ id: organisation.id });
        return (created as { id: number }).id;
      } catch (error) {
        codeTaken(error);
      }
    },

    async update(id: number, changes: BranchChanges) {
      try {
        await db.update(organisation).set(changes).where(eq(organisation.id, id));
      } catch (error) {
        codeTaken(error);
      }
    },
  };
}
export type BranchRepo = ReturnType<typeof createBranchRepo>;
