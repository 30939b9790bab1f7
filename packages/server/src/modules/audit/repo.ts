import { Access, type AccountLogExportBody, type OperationLogExportBody } from '@sunstack/shared';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { pathWithin, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { startsWith } from '../../db/like.ts';
import { loggedWithin, type Page } from '../../db/page.ts';
import { jsonParam, selectRows } from '../../db/rawSql.ts';
import { account, accountLog, auditLog, organisation } from '../../db/schema.ts';

export type AuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'at'>;

/** An entry as jsonb_to_recordset reads it (the columns' own names). */
const snake = (entry: AuditEntry) => ({
  actor_id: entry.actorId ?? null,
  organisation_path: entry.organisationPath,
  ip: entry.ip ?? '',
  action: entry.action,
  object_type: entry.objectType,
  object_id: entry.objectId,
  before: entry.before ?? null,
  after: entry.after ?? null,
});
export type AccountLogRecord = Omit<typeof accountLog.$inferInsert, 'id' | 'at' | 'organisationPath'>;

/**
 * Who sees which entries of a log: administrators all, branch managers those recorded with a path
 * in their branch, everyone else their own.
 */
function visible(scope: Scope, path: PgColumn, own: PgColumn): SQL | undefined {
  if (scope.access === Access.admin) return undefined;
  if (scope.access === Access.distributor || scope.access === Access.agent) {
    return pathWithin(path, scope.organisationPath);
  }
  return eq(own, scope.accountId);
}

function where(scope: Scope, filters: OperationLogExportBody) {
  return and(
    visible(scope, auditLog.organisationPath, auditLog.actorId),
    filters.objectType ? eq(auditLog.objectType, filters.objectType) : undefined,
    filters.objectId ? eq(auditLog.objectId, filters.objectId) : undefined,
    filters.actor ? startsWith(account.username, filters.actor) : undefined,
    loggedWithin(auditLog.at, filters),
  );
}

function accountLogWhere(scope: Scope, filters: AccountLogExportBody) {
  return and(
    visible(scope, accountLog.organisationPath, accountLog.accountId),
    filters.username ? startsWith(accountLog.username, filters.username) : undefined,
    filters.event ? eq(accountLog.event, filters.event) : undefined,
    filters.ip ? eq(accountLog.ip, filters.ip) : undefined,
    loggedWithin(accountLog.at, filters),
  );
}

const actor = alias(account, 'actor');

export function createAuditRepo(db: Db) {
  const columns = { entry: auditLog, actor: account.username };
  return {
    async insert(entry: AuditEntry) {
      const [row] = await db.insert(auditLog).values(entry).returning({ id: auditLog.id });
      return (row as { id: number }).id;
    },

    /** Inserts many entries in one statement (a batch's commands); answers their ids in the order given. */
    async insertMany(entries: AuditEntry[]) {
      if (entries.length === 0) return [];
      const rows = await selectRows<{ id: number; n: number }>(
        db,
        sql`insert into ${auditLog} (actor_id, organisation_path, ip, action, object_type, object_id, "before", "after")
          select given.actor_id, given.organisation_path, given.ip, given.action, given.object_type, given.object_id, given.before, given.after
          from jsonb_to_recordset(${jsonParam(entries.map((entry, n) => ({ ...snake(entry), n })))})
            as given(n int, actor_id bigint, organisation_path text, ip text, action text, object_type text, object_id text, "before" jsonb, "after" jsonb)
          order by given.n
          returning id`,
      );
      return rows.map((row) => Number(row.id));
    },

    /** Adds `answer` to the `after` of each entry, in one statement however many. */
    async addAnswers(answers: { entryId: number; answer: unknown }[]) {
      if (answers.length === 0) return;
      await db.execute(sql`update ${auditLog} set "after" = coalesce(${auditLog.after}, '{}'::jsonb) || jsonb_build_object('answer', given.answer)
        from jsonb_to_recordset(${jsonParam(answers)}) as given("entryId" bigint, answer jsonb)
        where ${auditLog.id} = given."entryId"`);
    },

    async list(scope: Scope, filters: OperationLogExportBody, page: Page) {
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

    /** Records an account event with the account's organisation path at this moment (none for no account). */
    async insertAccountEvent(record: AccountLogRecord) {
      const path = record.accountId
        ? sql`coalesce((select ${organisation.path} from ${account} join ${organisation} on ${organisation.id} = ${account.organisationId} where ${account.id} = ${record.accountId}), '')`
        : sql`''`;
      await db.insert(accountLog).values({ ...record, organisationPath: path });
    },

    async listAccountLog(scope: Scope, filters: AccountLogExportBody, page: Page) {
      const condition = accountLogWhere(scope, filters);
      const total = await db.$count(accountLog, condition);
      const rows = await db
        .select({ entry: accountLog, actor: actor.username })
        .from(accountLog)
        .leftJoin(actor, eq(actor.id, accountLog.actorId))
        .where(condition)
        .orderBy(desc(accountLog.id))
        .limit(page.limit)
        .offset(page.offset);
      return { total, rows };
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
