import type { AgingDeviceStatus, AgingReason } from '@sunstack/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { branchOrganisations, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { offsetOf, type PageRequest } from '../../db/page.ts';
import { epochMs, jsonParam, selectRows } from '../../db/rawSql.ts';
import { account, agingDevice, agingRun, alarm, device, plant, telemetryLatest } from '../../db/schema.ts';

/** What the ageing job read of a device over its run so far. */
export interface AgingReading {
  sn: string;
  samples: number;
  maxTemperature: number | null;
  meanOutput: number | null;
  /** The first fault the device raised in the run (or still had raised when it began). */
  faultCode: number | null;
}

export interface AgingJudgement {
  status: AgingDeviceStatus;
  reason: AgingReason | null;
  reasonValue: number | null;
}

/** The inverter variables a run judges: AC output (kW) and inverter temperature (°C). */
const OUTPUT = 'generationPower';
const TEMPERATURE = 'invTemperation';

export function createAgingRepo(db: Db) {
  const inBranch = (scope: Scope) => inArray(agingRun.organisationId, branchOrganisations(db, scope.organisationPath));
  const runColumns = {
    id: agingRun.id,
    name: agingRun.name,
    state: agingRun.state,
    startedAt: agingRun.startedAt,
    endsAt: agingRun.endsAt,
    createdBy: account.username,
    outputKw: agingRun.outputKw,
    tolerancePct: agingRun.tolerancePct,
    maxTemperature: agingRun.maxTemperature,
  };
  const runRows = (where: SQL | undefined) =>
    db.select(runColumns).from(agingRun).innerJoin(account, eq(account.id, agingRun.createdBy)).where(where);

  /** Runs with their devices counted by status. */
  async function withCounts<T extends { id: number }>(rows: T[]) {
    const counts =
      rows.length === 0
        ? []
        : await selectRows<{ run_id: number; status: AgingDeviceStatus; n: number }>(
            db,
            sql`select run_id, status, count(*)::int as n from ${agingDevice}
                where run_id in (select jsonb_array_elements_text(${jsonParam(rows.map((row) => row.id))})::bigint)
                group by run_id, status`,
          );
    return rows.map((row) => {
      const of = (status: AgingDeviceStatus) =>
        counts.filter((c) => Number(c.run_id) === row.id && c.status === status).reduce((sum, c) => sum + Number(c.n), 0);
      const byStatus = { waiting: of('waiting'), running: of('running'), pass: of('pass'), fail: of('fail') };
      return { ...row, counts: { devices: byStatus.waiting + byStatus.running + byStatus.pass + byStatus.fail, ...byStatus } };
    });
  }

  const placed = {
    plantName: sql<string>`coalesce(${plant.name}, '')`,
    timeZone: sql<string>`coalesce(${plant.timeZone}, 'UTC')`,
  };

  return {
    /** Devices among `sns` (all of them, whatever the caller; the service checks scope), with their type. */
    async devices(sns: string[]) {
      return db.select({ sn: device.sn, type: device.type }).from(device).where(inArray(device.sn, sns));
    },

    async insertRun(row: typeof agingRun.$inferInsert, sns: string[]) {
      const [created] = await db.insert(agingRun).values(row).returning({ id: agingRun.id });
      const id = (created as { id: number }).id;
      await db.insert(agingDevice).values(sns.map((deviceSn) => ({ runId: id, deviceSn, status: 'waiting' as const })));
      return id;
    },

    async runs(scope: Scope, page: PageRequest) {
      const total = await db.$count(agingRun, inBranch(scope));
      const rows = await runRows(inBranch(scope)).orderBy(desc(agingRun.id)).limit(page.pageSize).offset(offsetOf(page));
      return { total, runs: await withCounts(rows) };
    },

    /** A run of the caller's branch. */
    async run(scope: Scope, id: number) {
      return (await withCounts(await runRows(and(eq(agingRun.id, id), inBranch(scope)))))[0];
    },

    /** A run's devices with their judgement and what each reported last. */
    async runDevices(runId: number, sn?: string) {
      return db
        .select({
          sn: agingDevice.deviceSn,
          ...placed,
          status: agingDevice.status,
          reason: agingDevice.reason,
          reasonValue: agingDevice.reasonValue,
          samples: agingDevice.samples,
          maxTemperature: agingDevice.maxTemperature,
          meanOutput: agingDevice.meanOutput,
          judgedAt: agingDevice.judgedAt,
          deviceId: device.id,
          latestAt: telemetryLatest.ts,
          latestOutput: sql<number | null>`(${telemetryLatest.vars}->>${OUTPUT})::float8`,
          latestTemperature: sql<number | null>`(${telemetryLatest.vars}->>${TEMPERATURE})::float8`,
        })
        .from(agingDevice)
        .innerJoin(device, eq(device.sn, agingDevice.deviceSn))
        .leftJoin(plant, eq(plant.id, device.plantId))
        .leftJoin(telemetryLatest, eq(telemetryLatest.deviceId, device.id))
        .where(and(eq(agingDevice.runId, runId), sn === undefined ? undefined : eq(agingDevice.deviceSn, sn)))
        .orderBy(agingDevice.deviceSn);
    },

    /**
     * Alarms devices raised during their runs (or still had raised when a run began), of the caller's branch's
     * runs, newest first.
     */
    async alarms(scope: Scope, filters: { runId?: number; deviceSn?: string; limit: number; offset: number }) {
      const where = sql`r.organisation_id in (${branchOrganisations(db, scope.organisationPath)})
        ${filters.runId === undefined ? sql`` : sql`and r.id = ${filters.runId}`}
        ${filters.deviceSn === undefined ? sql`` : sql`and d.device_sn = ${filters.deviceSn}`}`;
      const from = sql`from ${agingRun} r join ${agingDevice} d on d.run_id = r.id join ${device} dv on dv.sn = d.device_sn
        left join ${plant} p on p.id = dv.plant_id
        join ${alarm} a on a.device_id = dv.id and a.source = 'device'
          and a.raised_at <= r.ends_at and (a.cleared_at is null or a.cleared_at > r.started_at)
        where ${where}`;
      const [counted] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n ${from}`);
      const rows = await selectRows<{
        id: number;
        run_id: number;
        run_name: string;
        sn: string;
        time_zone: string;
        code: number;
        severity: string;
        raised_at: number;
        cleared_at: number | null;
      }>(
        db,
        sql`select a.id, r.id as run_id, r.name as run_name, d.device_sn as sn, coalesce(p.time_zone, 'UTC') as time_zone,
              a.code, a.severity, ${epochMs('a.raised_at')} as raised_at, ${epochMs('a.cleared_at')} as cleared_at
            ${from} order by a.raised_at desc, a.id desc limit ${filters.limit} offset ${filters.offset}`,
      );
      return {
        total: Number(counted?.n ?? 0),
        alarms: rows.map((row) => ({
          id: Number(row.id),
          runId: Number(row.run_id),
          runName: row.run_name,
          sn: row.sn,
          timeZone: row.time_zone,
          code: Number(row.code),
          severity: row.severity,
          raisedAt: Number(row.raised_at),
          clearedAt: row.cleared_at === null ? null : Number(row.cleared_at),
        })),
      };
    },

    /** A device's output and temperature over [from, to], as means of `points` equal spans. */
    async series(deviceId: number, from: Date, to: Date, points: number) {
      const span = Math.max(1, Math.ceil((to.getTime() - from.getTime()) / points));
      return selectRows<{ ts: number; output: number | null; temperature: number | null }>(
        db,
        sql`select (floor(${epochMs('ts')} / ${span}) * ${span})::float8 as ts,
              avg((vars->>${OUTPUT})::float8) as output, avg((vars->>${TEMPERATURE})::float8) as temperature
            from telemetry where device_id = ${deviceId} and ts >= ${from} and ts <= ${to}
            group by 1 order by 1`,
      );
    },

    /** Running runs (the ageing job), oldest first. */
    async runningRuns() {
      return db
        .select({
          id: agingRun.id,
          startedAt: agingRun.startedAt,
          endsAt: agingRun.endsAt,
          outputKw: agingRun.outputKw,
          tolerancePct: agingRun.tolerancePct,
          maxTemperature: agingRun.maxTemperature,
        })
        .from(agingRun)
        .where(eq(agingRun.state, 'running'))
        .orderBy(agingRun.id);
    },

    /** What each device of a run not yet failed reported over [startedAt, until]: samples, highest temperature, mean output, first fault. */
    async readings(runId: number, startedAt: Date, until: Date): Promise<AgingReading[]> {
      const rows = await selectRows<{
        sn: string;
        samples: number;
        max_temperature: number | null;
        mean_output: number | null;
        fault_code: number | null;
      }>(
        db,
        sql`select d.device_sn as sn, m.samples, m.max_temperature, m.mean_output,
              (select a.code from ${alarm} a where a.device_id = dv.id and a.source = 'device' and a.raised_at <= ${until}
                and (a.cleared_at is null or a.cleared_at > ${startedAt}) order by a.raised_at, a.id limit 1) as fault_code
            from ${agingDevice} d join ${device} dv on dv.sn = d.device_sn
            cross join lateral (select count(*)::int as samples, max((t.vars->>${TEMPERATURE})::float8) as max_temperature,
                avg((t.vars->>${OUTPUT})::float8) as mean_output
              from telemetry t where t.device_id = dv.id and t.ts >= ${startedAt} and t.ts <= ${until}) m
            where d.run_id = ${runId} and d.status <> 'fail'`,
      );
      return rows.map((row) => ({
        sn: row.sn,
        samples: Number(row.samples),
        maxTemperature: row.max_temperature === null ? null : Number(row.max_temperature),
        meanOutput: row.mean_output === null ? null : Number(row.mean_output),
        faultCode: row.fault_code === null ? null : Number(row.fault_code),
      }));
    },

    async judge(runId: number, reading: AgingReading, judgement: AgingJudgement, at: Date) {
      await db
        .update(agingDevice)
        .set({
          ...judgement,
          samples: reading.samples,
          maxTemperature: reading.maxTemperature,
          meanOutput: reading.meanOutput,
          judgedAt: at,
        })
        .where(and(eq(agingDevice.runId, runId), eq(agingDevice.deviceSn, reading.sn)));
    },

    async finishRun(runId: number) {
      await db.update(agingRun).set({ state: 'finished' }).where(eq(agingRun.id, runId));
    },
  };
}
export type AgingRepo = ReturnType<typeof createAgingRepo>;
