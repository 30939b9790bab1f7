import { Access, Errno, type Strategy, type TemplateListBody } from '@sunstack/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { branchOrganisations, type Scope } from '../../core/scope.ts';
import { type Db, uniqueViolation } from '../../db/client.ts';
import { contains } from '../../db/like.ts';
import { offsetOf } from '../../db/page.ts';
import { account, strategyTemplate } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';

export type TemplateRow = typeof strategyTemplate.$inferSelect;

function nameTaken(error: unknown): never {
  if (uniqueViolation(error) === 'strategy_template_name_key') throw new AppError(Errno.templateNameTaken);
  throw error;
}

/**
 * Work model templates. A template belongs to the organisation of who saved it; the caller sees its
 * branch's (administrators every one) and changes what it sees, an installer only its own.
 */
export function createTemplateRepo(db: Db) {
  const visible = (scope: Scope): SQL | undefined =>
    scope.access === Access.admin ? undefined : inArray(strategyTemplate.organisationId, branchOrganisations(db, scope.organisationPath));
  const writable = (scope: Scope) =>
    scope.access === Access.installer ? sql<boolean>`(${strategyTemplate.createdBy} = ${scope.accountId})` : sql<boolean>`true`;
  const columns = (scope: Scope) => ({ template: strategyTemplate, createdBy: account.username, writable: writable(scope) });

  return {
    async list(scope: Scope, filters: TemplateListBody) {
      const where = and(visible(scope), filters.name ? contains(strategyTemplate.name, filters.name) : undefined);
      const total = await db.$count(strategyTemplate, where);
      const rows = await db
        .select(columns(scope))
        .from(strategyTemplate)
        .innerJoin(account, eq(account.id, strategyTemplate.createdBy))
        .where(where)
        .orderBy(desc(strategyTemplate.updatedAt), desc(strategyTemplate.id))
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total, rows };
    },

    /** A template the caller sees (undefined for another branch's, exactly like a missing one). */
    async find(scope: Scope, id: number) {
      const [row] = await db
        .select(columns(scope))
        .from(strategyTemplate)
        .innerJoin(account, eq(account.id, strategyTemplate.createdBy))
        .where(and(eq(strategyTemplate.id, id), visible(scope)));
      return row;
    },

    async create(row: Pick<TemplateRow, 'organisationId' | 'name' | 'strategy' | 'createdBy'>) {
      try {
        const [created] = await db.insert(strategyTemplate).values(row).returning({ id: strategyTemplate.id });
        return (created as { id: number }).id;
      } catch (error) {
        nameTaken(error);
      }
    },

    async update(id: number, change: { name: string; strategy: Strategy }) {
      try {
        await db
          .update(strategyTemplate)
          .set({ ...change, updatedAt: sql`now()` })
          .where(eq(strategyTemplate.id, id));
      } catch (error) {
        nameTaken(error);
      }
    },

    async delete(id: number) {
      await db.delete(strategyTemplate).where(eq(strategyTemplate.id, id));
    },
  };
}
export type TemplateRepo = ReturnType<typeof createTemplateRepo>;
