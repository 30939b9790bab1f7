import { type CommandListBody, FINAL_COMMAND_STATES, type ReplyPayload, type ReportedSettings, type ReportedValue } from '@sunstack/shared';
import { and, desc, eq, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import { deviceControllable, deviceVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { offsetOf } from '../../db/page.ts';
import { epochMs, jsonParam, selectRows } from '../../db/rawSql.ts';
import { account, datalogger, device, deviceCommand, plant } from '../../db/schema.ts';

export type CommandRow = typeof deviceCommand.$inferSelect;
export type NewCommand = Pick<
  typeof deviceCommand.$inferInsert,
  'id' | 'deviceSn' | 'dataloggerSn' | 'type' | 'params' | 'createdBy' | 'expiresAt' | 'auditLogId'
>;
/** A command that has just finished, with the operation log entry its answer goes to. */
export type FinishedCommand = Pick<CommandRow, 'id' | 'state' | 'result' | 'error' | 'auditLogId'>;

const finished = {
  id: deviceCommand.id,
  state: deviceCommand.state,
  result: deviceCommand.result,
  error: deviceCommand.error,
  auditLogId: deviceCommand.auditLogId,
};

/** A command's id as the database takes it: a device may send any text as a reply's id. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const columns = { command: deviceCommand, createdBy: account.username };

export function createCommandRepo(db: Db) {
  /** Commands of the devices the caller sees. */
  const visible = (scope: Scope) =>
    inArray(deviceCommand.deviceSn, db.select({ sn: device.sn }).from(device).where(deviceVisible(db, scope)));

  return {
    /** A device the caller sees, its type and datalogger, whether the caller may operate it, and its plant's time zone. */
    async target(scope: Scope, sn: string) {
      const [row] = await db
        .select({
          sn: device.sn,
          type: device.type,
          dataloggerSn: device.dataloggerSn,
          online: datalogger.online,
          writable: sql<boolean>`(${deviceControllable(db, scope)})`,
          timeZone: plant.timeZone,
        })
        .from(device)
        .innerJoin(datalogger, eq(datalogger.sn, device.dataloggerSn))
        .leftJoin(plant, eq(plant.id, device.plantId))
        .where(and(eq(device.sn, sn), deviceVisible(db, scope)));
      return row;
    },

    async insert(command: NewCommand) {
      await db.insert(deviceCommand).values(command);
    },

    /**
     * What the device last reported of its settings: per key, the newest finished setting.get or
     * setting.set whose result (what it read, or applied) holds the key; and the sampling interval of
     * the newest config.set it confirmed (its answer is empty: `done` confirms the params as sent).
     */
    async lastReported(sn: string): Promise<{ settings: ReportedSettings; intervalSec: ReportedValue | null }> {
      const settings = (await this.reportedSettings([sn])).get(sn) ?? {};
      const [interval] = await db
        .select({ value: sql<unknown>`${deviceCommand.params}->'intervalSec'`, at: deviceCommand.finishedAt })
        .from(deviceCommand)
        .where(and(eq(deviceCommand.deviceSn, sn), eq(deviceCommand.type, 'config.set'), eq(deviceCommand.state, 'done')))
        .orderBy(desc(deviceCommand.finishedAt))
        .limit(1);
      return {
        settings,
        intervalSec: interval?.at ? { value: interval.value, at: interval.at.getTime() } : null,
      };
    },

    /** What each of these devices last reported of its settings, per key: the newest finished setting.get or setting.set holding it. */
    async reportedSettings(sns: string[]): Promise<Map<string, ReportedSettings>> {
      if (sns.length === 0) return new Map();
      const rows = await selectRows<{ device_sn: string; key: string; value: unknown; at: number }>(
        db,
        sql`select distinct on (c.device_sn, reported.key) c.device_sn, reported.key, reported.value, ${epochMs('c.finished_at')} as at
          from ${deviceCommand} c cross join lateral jsonb_each(c.result) as reported
          where c.device_sn in (select jsonb_array_elements_text(${jsonParam(sns)})) and c.state = 'done'
            and c.type in ('setting.get', 'setting.set') and jsonb_typeof(c.result) = 'object'
          order by c.device_sn, reported.key, c.finished_at desc`,
      );
      const bySn = new Map<string, ReportedSettings>();
      for (const row of rows) bySn.set(row.device_sn, { ...bySn.get(row.device_sn), [row.key]: { value: row.value, at: Number(row.at) } });
      return bySn;
    },

    async find(scope: Scope, id: string) {
      const [row] = await db
        .select(columns)
        .from(deviceCommand)
        .innerJoin(account, eq(account.id, deviceCommand.createdBy))
        .where(and(eq(deviceCommand.id, id), visible(scope)));
      return row;
    },

    async list(scope: Scope, filters: CommandListBody) {
      const where = and(
        visible(scope),
        filters.sn ? eq(deviceCommand.deviceSn, filters.sn) : undefined,
        filters.state ? eq(deviceCommand.state, filters.state) : undefined,
        filters.type ? eq(deviceCommand.type, filters.type) : undefined,
        filters.batchId ? eq(deviceCommand.batchId, filters.batchId) : undefined,
      );
      const total = await db.$count(deviceCommand, where);
      const rows = await db
        .select(columns)
        .from(deviceCommand)
        .innerJoin(account, eq(account.id, deviceCommand.createdBy))
        .where(where)
        .orderBy(desc(deviceCommand.createdAt), desc(deviceCommand.id))
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total, rows };
    },

    /** Commands of one device the caller sees, by id: the open ones when `ids` is absent. */
    async ofDevice(scope: Scope, sn: string, ids?: string[]) {
      return db
        .select(columns)
        .from(deviceCommand)
        .innerJoin(account, eq(account.id, deviceCommand.createdBy))
        .where(
          and(
            eq(deviceCommand.deviceSn, sn),
            ids ? inArray(deviceCommand.id, ids) : notInArray(deviceCommand.state, [...FINAL_COMMAND_STATES]),
            visible(scope),
          ),
        )
        .orderBy(deviceCommand.createdAt);
    },

    /** Cancels a command not sent yet; undefined when it was sent (or finished) meanwhile. */
    async cancel(id: string, at: Date): Promise<FinishedCommand | undefined> {
      const [row] = await db
        .update(deviceCommand)
        .set({ state: 'cancelled', updatedAt: at, finishedAt: at })
        .where(and(eq(deviceCommand.id, id), eq(deviceCommand.state, 'queued')))
        .returning(finished);
      return row;
    },

    /**
     * Claims the waiting commands of connected dataloggers, oldest first, and marks them sent in one
     * statement of the caller's transaction (other dispatchers skip them); `send` publishes them, in the
     * order they were made, before it commits. So a command a dispatcher died sending is queued again and sent
     * again (a device runs an id once).
     */
    async sendWaiting(limit: number, at: Date, send: (commands: CommandRow[]) => Promise<void>) {
      return db.transaction(async (tx) => {
        const waiting = tx
          .select({ id: deviceCommand.id })
          .from(deviceCommand)
          .innerJoin(datalogger, eq(datalogger.sn, deviceCommand.dataloggerSn))
          .where(and(eq(deviceCommand.state, 'queued'), eq(datalogger.online, true), sql`${deviceCommand.expiresAt} > ${at}`))
          .orderBy(deviceCommand.createdAt)
          .limit(limit)
          .for('update', { of: deviceCommand, skipLocked: true });
        const claimed = await tx
          .update(deviceCommand)
          .set({ state: 'sent', sentAt: at, updatedAt: at })
          .where(inArray(deviceCommand.id, waiting))
          .returning();
        // In the order they were made (a datalogger's commands reach it in that order over its connection).
        claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
        await send(claimed);
        return claimed.length;
      });
    },

    /**
     * Commands past their deadline that are not sent, or sent and not taken up (the device refuses them
     * after it anyway), or taken up by a device that has said nothing for `silentMs`: expired.
     */
    async expire(at: Date, silentMs: number): Promise<FinishedCommand[]> {
      return db
        .update(deviceCommand)
        .set({ state: 'expired', updatedAt: at, finishedAt: at })
        .where(
          and(
            lte(deviceCommand.expiresAt, at),
            or(
              inArray(deviceCommand.state, ['queued', 'sent']),
              and(inArray(deviceCommand.state, ['accepted', 'progress']), lte(deviceCommand.updatedAt, new Date(at.getTime() - silentMs))),
            ),
          ),
        )
        .returning(finished);
    },

    /**
     * Devices' replies move their commands on, in one statement however many (one reply per command:
     * the caller keeps a command's latest); answers the commands they moved. A reply whose id names no
     * open command of that datalogger (unknown, another SN's, finished) moves nothing.
     */
    async reply(
      replies: { dataloggerSn: string; reply: ReplyPayload }[],
      at: Date,
    ): Promise<(FinishedCommand & { dataloggerSn: string })[]> {
      const given = replies
        .filter(({ reply }) => UUID.test(reply.id))
        .map(({ dataloggerSn, reply }) => ({
          id: reply.id,
          datalogger_sn: dataloggerSn,
          status: reply.status,
          progress: reply.progress ?? null,
          result: reply.result ?? null,
          error: reply.error ?? null,
        }));
      if (given.length === 0) return [];
      const final = FINAL_COMMAND_STATES.map((state) => `'${state}'`).join(', ');
      return selectRows<Omit<FinishedCommand, 'auditLogId'> & { audit_log_id: number | null; datalogger_sn: string }>(
        db,
        sql`update ${deviceCommand} c set
            state = g.status,
            progress = case when g.status = 'done' then 100 when g.progress is null then c.progress else round(g.progress)::smallint end,
            result = coalesce(g.result, c.result),
            error = coalesce(g.error, c.error),
            updated_at = ${at},
            finished_at = case when g.status in (${sql.raw(final)}) then ${at}::timestamptz else c.finished_at end
          from jsonb_to_recordset(${jsonParam(given)})
            as g(id uuid, datalogger_sn text, status text, progress float8, result jsonb, error text)
          where c.id = g.id and c.datalogger_sn = g.datalogger_sn and c.state not in (${sql.raw(final)})
          returning c.id, c.datalogger_sn, c.state, c.result, c.error, c.audit_log_id`,
      ).then((rows) =>
        rows.map(({ audit_log_id, datalogger_sn, ...row }) => ({
          ...row,
          dataloggerSn: datalogger_sn,
          auditLogId: audit_log_id === null ? null : Number(audit_log_id),
        })),
      );
    },
  };
}
export type CommandRepo = ReturnType<typeof createCommandRepo>;
