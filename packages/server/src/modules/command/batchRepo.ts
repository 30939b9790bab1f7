import { Access, type BatchCounts } from '@sunstack/shared';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { branchOrganisations, deviceControllable, deviceVisible, plantVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { offsetOf, type PageRequest } from '../../db/page.ts';
import { jsonParam, selectRows } from '../../db/rawSql.ts';
import { account, commandBatch, device, deviceCommand, plant } from '../../db/schema.ts';
import type { NewCommand } from './repo.ts';

export type BatchRow = typeof commandBatch.$inferSelect;

/** A device a batch names: whether the caller sees it and may operate it. */
export interface BatchDevice {
  sn: string;
  dataloggerSn: string;
  commandable: boolean;
  /** A battery hangs on its datalogger (the datalogger answers for the inverter and its battery alike). */
  hasBattery: boolean;
}

/** Group remote's batches: their rows, the devices a target names, their commands made at once, and their counts. */
export function createBatchRepo(db: Db) {
  /** Batches the caller sees: administrators all, branch managers their branch's, everyone else its own. */
  const visible = (scope: Scope): SQL | undefined => {
    if (scope.access === Access.admin) return undefined;
    if (scope.access === Access.distributor || scope.access === Access.agent)
      return inArray(commandBatch.organisationId, branchOrganisations(db, scope.organisationPath));
    return eq(commandBatch.createdBy, scope.accountId);
  };

  /** Each device's latest command of the batch, counted by what became of it. */
  async function counts(batchIds: string[]): Promise<Map<string, BatchCounts>> {
    if (batchIds.length === 0) return new Map();
    const rows = await selectRows<{ batch_id: string } & Record<keyof BatchCounts, number>>(
      db,
      sql`select batch_id, count(*)::int as total,
          (count(*) filter (where state = 'done'))::int as done,
          (count(*) filter (where state in ('failed', 'expired')))::int as failed,
          (count(*) filter (where state = 'cancelled'))::int as cancelled,
          (count(*) filter (where state in ('queued', 'sent', 'accepted', 'progress')))::int as waiting
        from (
          select distinct on (batch_id, device_sn) batch_id, state from ${deviceCommand}
          where batch_id in (select (jsonb_array_elements_text(${jsonParam(batchIds)}))::uuid)
          order by batch_id, device_sn, created_at desc
        ) latest group by batch_id`,
    );
    return new Map(rows.map(({ batch_id, ...count }) => [batch_id, count]));
  }
  const none: BatchCounts = { total: 0, done: 0, failed: 0, cancelled: 0, waiting: 0 };

  async function withCounts(rows: { batch: BatchRow; createdBy: string }[]) {
    const byBatch = await counts(rows.map((row) => row.batch.id));
    return rows.map((row) => ({ ...row, counts: byBatch.get(row.batch.id) ?? none }));
  }

  return {
    /** The inverters of these SNs and plants: the plants the caller does not see are answered apart, so nothing of them shows. */
    async devicesOf(scope: Scope, target: { sns?: string[]; plantIds?: number[] }) {
      const plantIds = target.plantIds ?? [];
      const seenPlants =
        plantIds.length === 0
          ? []
          : await db
              .select({ id: plant.id })
              .from(plant)
              .where(and(inArray(plant.id, plantIds), plantVisible(db, scope)));
      const seen = seenPlants.map((row) => row.id);
      const sns = target.sns ?? [];
      const devices: BatchDevice[] =
        sns.length === 0 && seen.length === 0
          ? []
          : await db
              .select({
                sn: device.sn,
                dataloggerSn: device.dataloggerSn,
                commandable: sql<boolean>`(${deviceVisible(db, scope)} and ${deviceControllable(db, scope)})`,
                // Spelled out: Drizzle writes a column of the only table selected from without its table's name.
                hasBattery: sql<boolean>`exists (select 1 from device as battery
                  where battery.datalogger_sn = device.datalogger_sn and battery.type = 'battery')`,
              })
              .from(device)
              .where(
                and(
                  eq(device.type, 'inverter'),
                  or(sns.length > 0 ? inArray(device.sn, sns) : undefined, seen.length > 0 ? inArray(device.plantId, seen) : undefined),
                ),
              )
              .orderBy(device.sn);
      // SNs that name no inverter count as refused like those out of scope: the caller cannot tell them apart.
      const unknownSns = sns.length - devices.filter((found) => sns.includes(found.sn)).length;
      return { devices, refusedPlants: plantIds.length - seen.length, unknownSns };
    },

    async insert(row: typeof commandBatch.$inferInsert) {
      await db.insert(commandBatch).values(row);
    },

    /** Many commands in one statement. */
    async insertCommands(commands: (NewCommand & { batchId: string })[]) {
      if (commands.length === 0) return;
      await db.execute(sql`insert into ${deviceCommand} (id, device_sn, datalogger_sn, type, params, created_by, expires_at, audit_log_id, batch_id)
        select given.id, given.device_sn, given.datalogger_sn, given.type, given.params, given.created_by, given.expires_at, given.audit_log_id, given.batch_id
        from jsonb_to_recordset(${jsonParam(
          commands.map((command) => ({
            id: command.id,
            device_sn: command.deviceSn,
            datalogger_sn: command.dataloggerSn,
            type: command.type,
            params: command.params,
            created_by: command.createdBy,
            expires_at: (command.expiresAt as Date).toISOString(),
            audit_log_id: command.auditLogId,
            batch_id: command.batchId,
          })),
        )}) as given(id uuid, device_sn text, datalogger_sn text, type text, params jsonb, created_by bigint, expires_at timestamptz, audit_log_id bigint, batch_id uuid)`);
    },

    async find(scope: Scope, id: string) {
      const [row] = await db
        .select({ batch: commandBatch, createdBy: account.username })
        .from(commandBatch)
        .innerJoin(account, eq(account.id, commandBatch.createdBy))
        .where(and(eq(commandBatch.id, id), visible(scope)));
      return row && (await withCounts([row]))[0];
    },

    async list(scope: Scope, page: PageRequest) {
      const where = visible(scope);
      const total = await db.$count(commandBatch, where);
      const rows = await db
        .select({ batch: commandBatch, createdBy: account.username })
        .from(commandBatch)
        .innerJoin(account, eq(account.id, commandBatch.createdBy))
        .where(where)
        .orderBy(desc(commandBatch.createdAt), desc(commandBatch.id))
        .limit(page.pageSize)
        .offset(offsetOf(page));
      return { total, rows: await withCounts(rows) };
    },

    /** The batch's devices whose latest command failed or expired. */
    async failedDevices(batchId: string) {
      return selectRows<{ device_sn: string }>(
        db,
        sql`select device_sn from (
            select distinct on (device_sn) device_sn, state from ${deviceCommand} where batch_id = ${batchId} order by device_sn, created_at desc
          ) latest where state in ('failed', 'expired')`,
      );
    },

    /** Cancels the batch's commands not sent yet; answers them finished (for their operation log entries). */
    async cancelWaiting(batchId: string, at: Date) {
      return db
        .update(deviceCommand)
        .set({ state: 'cancelled', updatedAt: at, finishedAt: at })
        .where(and(eq(deviceCommand.batchId, batchId), eq(deviceCommand.state, 'queued')))
        .returning({
          id: deviceCommand.id,
          state: deviceCommand.state,
          result: deviceCommand.result,
          error: deviceCommand.error,
          auditLogId: deviceCommand.auditLogId,
        });
    },
  };
}
export type BatchRepo = ReturnType<typeof createBatchRepo>;
