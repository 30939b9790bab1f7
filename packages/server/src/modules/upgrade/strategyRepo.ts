import type { StrategyListBody, StrategyStatus } from '@sunstack/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offsetOf } from '../../db/page.ts';
import { selectRows } from '../../db/rawSql.ts';
import { account, organisation, upgradeStrategy, upgradeTask } from '../../db/schema.ts';

export type StrategyRow = typeof upgradeStrategy.$inferSelect;

/** Where a strategy stands, for its job: the waves so far, and the devices that finished or still wait. */
export interface StrategyProgress {
  /** Devices of the waves so far that are sent (not skipped). */
  opened: number;
  done: number;
  /** Devices that failed with no retry left (or were reset). */
  failed: number;
  /** Devices of any wave not finished yet. */
  unfinished: number;
  /** Devices of the waves so far under way: a command open, or failed with a retry left. */
  pending: number;
}

/** Strategy upgrades (0033_upgrade_strategies.sql) and what their job reads of their devices. */
export function createStrategyRepo(db: Db) {
  const columns = {
    strategy: upgradeStrategy,
    name: upgradeTask.name,
    executor: sql<string>`(select username from ${account} where id = ${upgradeTask.createdBy})`,
    checker: account.username,
  };
  const base = () =>
    db
      .select(columns)
      .from(upgradeStrategy)
      .innerJoin(upgradeTask, eq(upgradeTask.id, upgradeStrategy.taskId))
      .innerJoin(account, eq(account.id, upgradeStrategy.checkerId));

  return {
    /**
     * The owners of the plants these SNs (devices, or dataloggers of a module upgrade) belong to, with their SNs: the
     * people a notice-only strategy tells. Disabled accounts and deleted plants are left out.
     */
    owners: async (sns: string[]) =>
      sns.length === 0
        ? []
        : selectRows<{ email: string; language: string; sns: string[] }>(
            db,
            sql`select a.email, a.language, array_agg(distinct x.sn order by x.sn) as sns
          from (select sn, plant_id from device where sn in ${sns}
                union all select sn, plant_id from datalogger where sn in ${sns}) x
          join plant p on p.id = x.plant_id and p.deleted_at is null
          join account a on a.id = p.owner_id and a.disabled_at is null and a.email <> ''
          group by a.id, a.email, a.language order by a.id`,
          ),

    async insert(row: Omit<typeof upgradeStrategy.$inferInsert, 'id' | 'updatedAt'>) {
      const [created] = await db.insert(upgradeStrategy).values(row).returning({ id: upgradeStrategy.id });
      return (created as { id: number }).id;
    },
    /** An administrator account by user name (a checker), with its organisation's path. */
    async administrator(username: string) {
      const [row] = await db
        .select({ id: account.id, access: account.access, path: organisation.path })
        .from(account)
        .innerJoin(organisation, eq(organisation.id, account.organisationId))
        .where(eq(account.username, username));
      return row;
    },
    /** Who the job acts as: the strategy's checker, with its organisation's path (its operation log entries name it). */
    async actor(checkerId: number) {
      const [row] = await db
        .select({ id: account.id, path: organisation.path })
        .from(account)
        .innerJoin(organisation, eq(organisation.id, account.organisationId))
        .where(eq(account.id, checkerId));
      return row;
    },
    async find(id: number) {
      const [row] = await base().where(eq(upgradeStrategy.id, id));
      return row;
    },
    async list(filters: StrategyListBody) {
      const where = filters.status ? eq(upgradeStrategy.status, filters.status) : undefined;
      const total = await db.$count(upgradeStrategy, where);
      const rows = await base().where(where).orderBy(desc(upgradeStrategy.id)).limit(filters.pageSize).offset(offsetOf(filters));
      return { total, rows };
    },
    /** Moves a strategy on, only from one of `from` (false when it was elsewhere meanwhile). */
    async setStatus(id: number, from: StrategyStatus[], change: Partial<Omit<StrategyRow, 'id' | 'taskId'>>) {
      const moved = await db
        .update(upgradeStrategy)
        .set({ ...change, updatedAt: sql`now()` })
        .where(and(eq(upgradeStrategy.id, id), inArray(upgradeStrategy.status, from)))
        .returning({ id: upgradeStrategy.id });
      return moved.length > 0;
    },
    /** The running strategies, each claimed for this pass (another process's job skips it). */
    async claimRunning() {
      return db
        .select()
        .from(upgradeStrategy)
        .where(eq(upgradeStrategy.status, 'inProgress'))
        .orderBy(upgradeStrategy.id)
        .for('update', { skipLocked: true });
    },
    async progress(strategy: StrategyRow): Promise<StrategyProgress> {
      const [row] = await selectRows<Record<keyof StrategyProgress, number>>(
        db,
        sql`select
            (count(*) filter (where u.skip_reason is null and u.wave <= ${strategy.currentWave}))::int as opened,
            (count(*) filter (where u.wave <= ${strategy.currentWave} and u.reset_at is null and c.state = 'done'))::int as done,
            (count(*) filter (where u.skip_reason is null and (u.reset_at is not null
              or (c.state in ('failed', 'expired', 'cancelled') and u.attempts > ${strategy.retries}))))::int as failed,
            (count(*) filter (where u.skip_reason is null and u.reset_at is null and (c.state is null or c.state <> 'done')
              and not (c.state in ('failed', 'expired', 'cancelled') and u.attempts > ${strategy.retries})))::int as unfinished,
            (count(*) filter (where u.wave <= ${strategy.currentWave} and u.skip_reason is null and u.reset_at is null
              and (c.state in ('queued', 'sent', 'accepted', 'progress')
                or (c.state in ('failed', 'expired') and u.attempts <= ${strategy.retries}))))::int as pending
          from upgrade_device u left join device_command c on c.id = u.command_id where u.task_id = ${strategy.taskId}`,
      );
      return row ?? { opened: 0, done: 0, failed: 0, unfinished: 0, pending: 0 };
    },
    /**
     * Devices of the waves so far to send now: never sent, or failed with a retry left once the strategy's retry minutes
     * have passed since the failure; only those whose datalogger is connected and, with the trigger "reports a
     * version", whose inventory reports it.
     */
    async due(strategy: StrategyRow, limit: number, at: Date, reports?: { key: string; version: string }) {
      if (limit <= 0) return [];
      const reported = reports
        ? sql`and coalesce(d.firmware, jsonb_build_object('module', l.firmware)) ->> ${reports.key} = ${reports.version}`
        : sql``;
      return selectRows<{ sn: string; dataloggerSn: string; firmware: Record<string, string> }>(
        db,
        // A module upgrade's device is the datalogger itself (no device row).
        sql`select u.device_sn as sn, l.sn as "dataloggerSn", coalesce(d.firmware, jsonb_build_object('module', l.firmware)) as firmware
          from upgrade_device u left join device d on d.sn = u.device_sn join datalogger l on l.sn = coalesce(d.datalogger_sn, u.device_sn)
            left join device_command c on c.id = u.command_id
          where u.task_id = ${strategy.taskId} and u.skip_reason is null and u.reset_at is null and u.wave <= ${strategy.currentWave}
            and l.online and (u.command_id is null or (c.state in ('failed', 'expired') and u.attempts <= ${strategy.retries}
              and coalesce(c.finished_at, c.updated_at) <= ${at}::timestamptz - make_interval(mins => ${strategy.retryMinutes}))) ${reported}
          order by u.wave, u.device_sn limit ${limit}`,
      );
    },
    /** Puts the devices whose commands were just withdrawn back to waiting (a pause: they go out again on resume). */
    async unsend(commandIds: string[]) {
      if (commandIds.length === 0) return;
      await db.execute(sql`update upgrade_device set command_id = null, download_token = null, attempts = attempts - 1
        where command_id in (select (jsonb_array_elements_text(${JSON.stringify(commandIds)}::jsonb))::uuid)`);
    },
  };
}
export type StrategyRepo = ReturnType<typeof createStrategyRepo>;
