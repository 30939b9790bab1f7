import { Access, type OperationLogExportBody } from '@sunstack/shared';
import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, auditLog } from '../../db/schema.ts';
import type { Scope } from '../scope/scope.ts';

export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

/** Who sees which entries: administrators all, branch managers their branch's, everyone else their own. */
function visible(scope: Scope): SQL | undefined {
  if (scope.access === Access.admin) return undefined;
  if (scope.access === Access.distributor || scope.access === Access.agent) {
    return sql`${auditLog.organisationPath} like ${`${scope.organisationPath}%`}`;
  }
  return eq(auditLog.actorId, scope.accountId);
}

function where(scope: Scope, filters: OperationLogExportBody) {
  return and(
    visible(scope),
    filters.objectType ? eq(auditLog.objectType, filters.objectType) : undefined,
    filters.objectId ? eq(auditLog.objectId, filters.objectId) : undefined,
    filters.actor ? sql`lower(${account.username}) like ${`${filters.actor.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
    filters.from !== undefined ? gte(auditLog.at, new Date(filters.from)) : undefined,
    filters.to !== undefined ? lte(auditLog.at, new Date(filters.to)) : undefined,
  );
}

export function createAuditRepo(db: Db) {
  const columns = { entry: auditLog, actor: account.username };
  return {
    async insert(entry: AuditEntry) {
      await db.insert(auditLog).values(entry);
    },

    async list(scope: Scope, filters: OperationLogExportBody, page: { limit: number; offset: number }) {
      const condition = where(scope, filters);
      const [total] = await db.select({ n: count() }).from(auditLog).leftJoin(account, eq(account.id, auditLog.actorId)).where(condition);
      const rows = await db
        .select(columns)
        .from(auditLog)
        .leftJoin(account, eq(account.id, auditLog.actorId))
        .where(condition)
        .orderBy(desc(auditLog.id))
        .limit(page.limit)
        .offset(page.offset);
      return { total: total?.n ?? 0, rows };
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
