import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { accountVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { epochMs, jsonParam, selectRows } from '../../db/rawSql.ts';
import { account, organisation, reportDefinition, reportTask } from '../../db/schema.ts';

/** How long a claimed task is its process's: a process that died leaves it to another after this. */
export const TASK_LEASE_MS = 10 * 60_000;
/**
 * A period is due for a scheduled report once its last local day has ended in every zone (the last zone,
 * UTC-12, ends a day at 12:00 UTC the next day) and an hour more for late samples to reach the rollups.
 */
export const SCHEDULE_DELAY = '13 hours';
/** A report's list shows this many of its newest tasks. */
const TASKS_SHOWN = 5;

export type DefinitionRow = typeof reportDefinition.$inferSelect;
export type TaskRow = typeof reportTask.$inferSelect;

const at = (ms: number) => sql`to_timestamp(${ms} / 1000.0)`;

/** Report definitions and their tasks: the only SQL of report exports. */
export function createReportExportRepo(db: Db) {
  return {
    async insertDefinition(values: typeof reportDefinition.$inferInsert) {
      const [row] = await db.insert(reportDefinition).values(values).returning();
      return row as DefinitionRow;
    },

    /** A definition of the caller's (each account sees its own reports); undefined otherwise. */
    async ownDefinition(accountId: number, id: number) {
      const [row] = await db
        .select()
        .from(reportDefinition)
        .where(and(eq(reportDefinition.id, id), eq(reportDefinition.accountId, accountId)));
      return row;
    },

    async deleteDefinition(id: number) {
      await db.delete(reportDefinition).where(eq(reportDefinition.id, id));
    },

    async list(accountId: number, limit: number, offset: number) {
      const where = eq(reportDefinition.accountId, accountId);
      const [total] = await db.select({ n: count() }).from(reportDefinition).where(where);
      const rows = await db.select().from(reportDefinition).where(where).orderBy(desc(reportDefinition.id)).limit(limit).offset(offset);
      const tasks =
        rows.length === 0
          ? []
          : await selectRows<{
              id: number;
              definition_id: number;
              period_start: string;
              state: TaskRow['state'];
              progress: number;
              created_at: number;
              finished_at: number | null;
              xlsx_file_id: number | null;
              pdf_file_id: number | null;
            }>(
              db,
              sql`select id, definition_id, period_start::text as period_start, state, progress, xlsx_file_id, pdf_file_id,
                  ${epochMs('created_at')} as created_at, ${epochMs('finished_at')} as finished_at
                from (select t.*, row_number() over (partition by definition_id order by id desc) as n from report_task t
                  where definition_id in (select (v #>> '{}')::bigint from jsonb_array_elements(${jsonParam(rows.map((row) => row.id))}) v)) x
                where n <= ${TASKS_SHOWN} order by id desc`,
            );
      return { total: total?.n ?? 0, rows, tasks };
    },

    async insertTask(definitionId: number, periodStart: string) {
      const [row] = await db.insert(reportTask).values({ definitionId, periodStart }).returning({ id: reportTask.id });
      return (row as { id: number }).id;
    },

    /** Tasks of a definition (their files to remove with it). */
    async tasksOf(definitionId: number) {
      return db.select().from(reportTask).where(eq(reportTask.definitionId, definitionId));
    },

    /** A task of the caller's own reports; undefined otherwise (a stranger's task is a missing one). */
    async ownTask(accountId: number, taskId: number) {
      const [row] = await db
        .select({ task: reportTask })
        .from(reportTask)
        .innerJoin(reportDefinition, eq(reportDefinition.id, reportTask.definitionId))
        .where(and(eq(reportTask.id, taskId), eq(reportDefinition.accountId, accountId)));
      return row?.task;
    },

    /**
     * The tasks of every scheduled period now due that has none yet: monthly from the definition's month
     * on, annual from its year on, only periods that end after the definition was made. The unique
     * (definition, schedule_key) makes a period's task once, whichever process or restart gets there.
     */
    async scheduleDue(now: number) {
      const rows = await selectRows<{ id: number }>(
        db,
        sql`insert into report_task (definition_id, period_start, schedule_key)
          select d.id, p::date, p::date from report_definition d
          cross join lateral (select case d.kind when 'monthly' then interval '1 month' else interval '1 year' end as step) s
          cross join lateral generate_series(d.period_date::timestamp, ${at(now)} at time zone 'UTC' - s.step - interval '${sql.raw(SCHEDULE_DELAY)}', s.step) p
          where d.scheduled and (p + s.step + interval '${sql.raw(SCHEDULE_DELAY)}') at time zone 'UTC' > d.created_at
          on conflict (definition_id, schedule_key) do nothing
          returning id`,
      );
      return rows.length;
    },

    /** Claims the oldest open task whose lease is free; its claim count tells this claim from a later one. */
    async claim(now: number) {
      const [row] = await selectRows<{ id: number; definition_id: number; period_start: string; attempts: number }>(
        db,
        sql`update report_task set attempts = attempts + 1, lease_until = ${at(now + TASK_LEASE_MS)}
          where id = (select id from report_task where state = 'generating' and (lease_until is null or lease_until < ${at(now)})
            order by id limit 1 for update skip locked)
          returning id, definition_id, period_start::text as period_start, attempts`,
      );
      return row;
    },

    /** Progress of a claimed task, its lease renewed; false when the claim was lost (another process took the task). */
    async progress(taskId: number, attempts: number, percent: number, now: number) {
      const rows = await db
        .update(reportTask)
        .set({ progress: percent, leaseUntil: new Date(now + TASK_LEASE_MS) })
        .where(and(eq(reportTask.id, taskId), eq(reportTask.attempts, attempts), eq(reportTask.state, 'generating')))
        .returning({ id: reportTask.id });
      return rows.length > 0;
    },

    /** Finishes a claimed task with its files; false when the claim was lost, and then nothing changed. */
    async finish(taskId: number, attempts: number, files: { xlsx: number; pdf: number }) {
      const rows = await db
        .update(reportTask)
        .set({ state: 'done', progress: 100, xlsxFileId: files.xlsx, pdfFileId: files.pdf, finishedAt: sql`now()`, leaseUntil: null })
        .where(and(eq(reportTask.id, taskId), eq(reportTask.attempts, attempts), eq(reportTask.state, 'generating')))
        .returning({ id: reportTask.id });
      return rows.length > 0;
    },

    async fail(taskId: number, attempts: number, error: string) {
      await db
        .update(reportTask)
        .set({ state: 'failed', error: error.slice(0, 500), finishedAt: sql`now()`, leaseUntil: null })
        .where(and(eq(reportTask.id, taskId), eq(reportTask.attempts, attempts), eq(reportTask.state, 'generating')));
    },

    async definition(id: number) {
      const [row] = await db.select().from(reportDefinition).where(eq(reportDefinition.id, id));
      return row;
    },

    /** The scope an account has now (a report covers what its owner sees at each generation). */
    async scopeOf(accountId: number): Promise<Scope | undefined> {
      const [row] = await db
        .select({ accountId: account.id, access: account.access, organisationPath: organisation.path })
        .from(account)
        .innerJoin(organisation, eq(organisation.id, account.organisationId))
        .where(eq(account.id, accountId));
      return row;
    },

    /** Of `emails`, those of active accounts the caller sees (itself included), with each account's language. */
    async recipients(scope: Scope, emails: string[]) {
      if (emails.length === 0) return [];
      return db
        .select({ email: account.email, language: account.language })
        .from(account)
        .where(
          and(
            inArray(
              sql`lower(${account.email})`,
              emails.map((email) => email.toLowerCase()),
            ),
            sql`${account.disabledAt} is null`,
            or(eq(account.id, scope.accountId), accountVisible(db, scope)),
          ),
        );
    },
  };
}
export type ReportExportRepo = ReturnType<typeof createReportExportRepo>;
