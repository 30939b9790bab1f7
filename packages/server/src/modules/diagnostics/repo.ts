import { FINAL_COMMAND_STATES, type IvPoint, type KeyPoints, type ModuleDatasheet } from '@sunstack/shared';
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { branchOrganisations, deviceVisible, plantVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { offsetOf, type PageRequest } from '../../db/page.ts';
import { epochMs, jsonParam, selectRows } from '../../db/rawSql.ts';
import {
  account,
  device,
  deviceCommand,
  ivScan,
  ivScanTask,
  ivStringResult,
  plant,
  pvStringCleaning,
  pvStringConfig,
} from '../../db/schema.ts';

export type StringsConfig = { strings: { modules: number; parallel: number }[]; module: ModuleDatasheet };
export type ScanState = typeof ivScan.$inferSelect.state;
export interface StringResultRow {
  string: number;
  points: IvPoint[];
  irradiance: number | null;
  temperature: number | null;
  keyPoints: KeyPoints | null;
  cause: typeof ivStringResult.$inferSelect.cause;
  features: Record<string, number | null>;
}

/** Counts of a task's scans and faulty strings, per task id. */
const countsSql = (taskIds: number[]) => sql`
  select s.task_id, count(*)::int as devices,
    count(*) filter (where s.state = 'unconfigured')::int as unconfigured,
    count(*) filter (where s.state = 'scanning')::int as scanning,
    count(*) filter (where s.state = 'done')::int as done,
    count(*) filter (where s.state = 'failed')::int as failed,
    coalesce(sum((select count(*) from ${ivStringResult} r where r.scan_id = s.id and r.cause not in ('normal', 'lowLight'))), 0)::int as faulty_strings
  from ${ivScan} s where s.task_id in (select jsonb_array_elements_text(${jsonParam(taskIds)})::bigint) group by s.task_id`;

export function createDiagnosticsRepo(db: Db) {
  const taskRows = (where: SQL | undefined) =>
    db
      .select({ id: ivScanTask.id, createdAt: ivScanTask.createdAt, createdBy: account.username })
      .from(ivScanTask)
      .innerJoin(account, eq(account.id, ivScanTask.createdBy))
      .where(where);

  /** The tasks with their scans counted by state and their faulty strings. */
  async function withCounts<T extends { id: number }>(rows: T[]) {
    const counts = rows.length === 0 ? [] : await selectRows<Record<string, number>>(db, countsSql(rows.map((row) => row.id)));
    const countsOf = new Map(counts.map((row) => [Number(row.task_id), row]));
    return rows.map((row) => {
      const c = countsOf.get(row.id);
      const count = (name: string) => Number(c?.[name] ?? 0);
      return {
        ...row,
        counts: {
          devices: count('devices'),
          unconfigured: count('unconfigured'),
          scanning: count('scanning'),
          done: count('done'),
          failed: count('failed'),
          faultyStrings: count('faulty_strings'),
        },
      };
    });
  }

  const placed = {
    sn: device.sn,
    type: device.type,
    plantName: sql<string>`coalesce(${plant.name}, '')`,
    timeZone: sql<string>`coalesce(${plant.timeZone}, 'UTC')`,
  };

  return {
    /** A device the caller sees, its type, plant and configuration. */
    async device(scope: Scope, sn: string) {
      return (await this.devices(scope, [sn]))[0];
    },

    /** Devices the caller sees among `sns`, with their configurations. */
    async devices(scope: Scope, sns: string[]) {
      return db
        .select({ ...placed, config: pvStringConfig })
        .from(device)
        .leftJoin(plant, eq(plant.id, device.plantId))
        .leftJoin(pvStringConfig, eq(pvStringConfig.deviceSn, device.sn))
        .where(and(inArray(device.sn, sns), deviceVisible(db, scope)));
    },

    /** The inverters of the plants the caller sees among `plantIds`, and how many of those plants it sees. */
    async invertersOfPlants(scope: Scope, plantIds: number[]) {
      const plants = await db
        .select({ id: plant.id })
        .from(plant)
        .where(and(inArray(plant.id, plantIds), plantVisible(db, scope)));
      if (plants.length === 0) return { plants: 0, devices: [] };
      const devices = await db
        .select({ ...placed, config: pvStringConfig })
        .from(device)
        .innerJoin(plant, eq(plant.id, device.plantId))
        .leftJoin(pvStringConfig, eq(pvStringConfig.deviceSn, device.sn))
        .where(
          and(
            inArray(
              device.plantId,
              plants.map((row) => row.id),
            ),
            eq(device.type, 'inverter'),
            deviceVisible(db, scope),
          ),
        )
        .orderBy(device.sn);
      return { plants: plants.length, devices };
    },

    async saveConfig(sn: string, config: StringsConfig, accountId: number, at: Date) {
      await db
        .insert(pvStringConfig)
        .values({ deviceSn: sn, ...config, updatedBy: accountId, updatedAt: at })
        .onConflictDoUpdate({ target: pvStringConfig.deviceSn, set: { ...config, updatedBy: accountId, updatedAt: at } });
    },

    async insertTask(organisationId: number, accountId: number, at: Date) {
      const [row] = await db
        .insert(ivScanTask)
        .values({ organisationId, createdBy: accountId, createdAt: at })
        .returning({ id: ivScanTask.id });
      return (row as { id: number }).id;
    },

    async insertScans(rows: (typeof ivScan.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(ivScan).values(rows);
    },

    /** Tasks of the caller's branch, newest first, with their counts. */
    async tasks(scope: Scope, page: PageRequest) {
      const where = inArray(ivScanTask.organisationId, branchOrganisations(db, scope.organisationPath));
      const total = await db.$count(ivScanTask, where);
      const rows = await taskRows(where).orderBy(desc(ivScanTask.id)).limit(page.pageSize).offset(offsetOf(page));
      return { total, tasks: await withCounts(rows) };
    },

    /** A task of the caller's branch. */
    async task(scope: Scope, id: number) {
      const rows = await taskRows(
        and(eq(ivScanTask.id, id), inArray(ivScanTask.organisationId, branchOrganisations(db, scope.organisationPath))),
      );
      return (await withCounts(rows))[0];
    },

    /** A task's scans of devices the caller sees, with their command's progress. */
    async scansOfTask(scope: Scope, taskId: number) {
      return db
        .select({
          id: ivScan.id,
          sn: ivScan.deviceSn,
          plantName: placed.plantName,
          timeZone: placed.timeZone,
          state: ivScan.state,
          progress: deviceCommand.progress,
          commandState: deviceCommand.state,
          error: ivScan.error,
          finishedAt: ivScan.finishedAt,
        })
        .from(ivScan)
        .innerJoin(device, eq(device.sn, ivScan.deviceSn))
        .leftJoin(plant, eq(plant.id, device.plantId))
        .leftJoin(deviceCommand, eq(deviceCommand.id, ivScan.commandId))
        .where(and(eq(ivScan.taskId, taskId), deviceVisible(db, scope)))
        .orderBy(ivScan.id);
    },

    /** The strings of these scans, with the newest cleaning of each string after its scan. */
    async stringsOf(scanIds: number[]) {
      if (scanIds.length === 0) return [];
      return selectRows<{
        scan_id: number;
        string: number;
        cause: StringResultRow['cause'];
        key_points: KeyPoints | null;
        cleaned_at: number | null;
      }>(
        db,
        sql`select r.scan_id, r.string, r.cause, r.key_points,
              (select ${epochMs('max(c.cleaned_at)')} from ${pvStringCleaning} c
                where c.device_sn = s.device_sn and c.string = r.string and c.cleaned_at > s.finished_at) as cleaned_at
            from ${ivStringResult} r join ${ivScan} s on s.id = r.scan_id
            where r.scan_id in (select jsonb_array_elements_text(${jsonParam(scanIds)})::bigint)
            order by r.scan_id, r.string`,
      );
    },

    /** A finished scan of a device the caller sees. */
    async scan(scope: Scope, scanId: number) {
      const [row] = await db
        .select({
          id: ivScan.id,
          sn: ivScan.deviceSn,
          plantName: placed.plantName,
          timeZone: placed.timeZone,
          config: ivScan.config,
          finishedAt: ivScan.finishedAt,
        })
        .from(ivScan)
        .innerJoin(device, eq(device.sn, ivScan.deviceSn))
        .leftJoin(plant, eq(plant.id, device.plantId))
        .where(and(eq(ivScan.id, scanId), eq(ivScan.state, 'done'), deviceVisible(db, scope)));
      return row;
    },

    async results(scanId: number): Promise<StringResultRow[]> {
      return db
        .select({
          string: ivStringResult.string,
          points: ivStringResult.points,
          irradiance: ivStringResult.irradiance,
          temperature: ivStringResult.temperature,
          keyPoints: ivStringResult.keyPoints,
          cause: ivStringResult.cause,
          features: ivStringResult.features,
        })
        .from(ivStringResult)
        .where(eq(ivStringResult.scanId, scanId))
        .orderBy(ivStringResult.string);
    },

    /** The string's `count` scans before this one, newest first. */
    async earlier(sn: string, string: number, before: Date, count: number) {
      return db
        .select({ scanId: ivScan.id, at: ivScan.finishedAt, points: ivStringResult.points, keyPoints: ivStringResult.keyPoints })
        .from(ivScan)
        .innerJoin(ivStringResult, and(eq(ivStringResult.scanId, ivScan.id), eq(ivStringResult.string, string)))
        .where(and(eq(ivScan.deviceSn, sn), eq(ivScan.state, 'done'), lt(ivScan.finishedAt, before)))
        .orderBy(desc(ivScan.finishedAt))
        .limit(count);
    },

    async lastCleaning(sn: string, string: number) {
      const [row] = await db
        .select({ at: pvStringCleaning.cleanedAt })
        .from(pvStringCleaning)
        .where(and(eq(pvStringCleaning.deviceSn, sn), eq(pvStringCleaning.string, string)))
        .orderBy(desc(pvStringCleaning.cleanedAt))
        .limit(1);
      return row?.at ?? null;
    },

    async insertCleaning(sn: string, string: number, at: Date, accountId: number) {
      await db.insert(pvStringCleaning).values({ deviceSn: sn, string, cleanedAt: at, recordedBy: accountId });
    },

    /**
     * Claims up to `limit` scans whose command has finished (other collectors skip them), with the command's
     * answer, in the caller's transaction.
     */
    async finishedScans(limit: number) {
      const final = FINAL_COMMAND_STATES.map((state) => `'${state}'`).join(', ');
      return selectRows<{
        id: number;
        config: StringsConfig;
        command_state: string;
        result: Record<string, unknown> | null;
        error: string | null;
      }>(
        db,
        sql`select s.id, s.config, c.state as command_state, c.result, c.error
            from ${ivScan} s join ${deviceCommand} c on c.id = s.command_id
            where s.state = 'scanning' and c.state in (${sql.raw(final)})
            order by s.id limit ${limit} for update of s skip locked`,
      );
    },

    async finishScan(
      id: number,
      state: 'done' | 'failed',
      error: string | null,
      at: Date,
      results: (StringResultRow & { scanId: number })[],
    ) {
      if (results.length > 0) await db.insert(ivStringResult).values(results);
      await db.update(ivScan).set({ state, error, finishedAt: at }).where(eq(ivScan.id, id));
    },
  };
}
export type DiagnosticsRepo = ReturnType<typeof createDiagnosticsRepo>;
