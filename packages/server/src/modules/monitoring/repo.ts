import { hash } from 'node:crypto';
import { ENERGY_COUNTERS, PLANT_STATUSES, type StatusCounts } from '@sunstack/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { deviceVisible, plantVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { epochMs, jsonParam, selectRows } from '../../db/rawSql.ts';
import { device, plant } from '../../db/schema.ts';
import { status as plantStatus } from '../plant/repo.ts';
import { COUNTER_COLUMNS } from '../telemetry/counters.ts';
import type { Energy } from '../telemetry/energy.ts';

/**
 * The buckets of an energy report: the local hours of one day, between the date and the next one
 * (local dates: the statement finds where they begin in the subject's zone), or the calendar
 * rollups of a grain between two local dates (inclusive).
 */
export type ReportRange = { grain: '1h'; date: string; nextDate: string } | { grain: 'day' | 'month' | 'year'; from: string; to: string };

/** A subject's zone and its report rows in order, with the energy of each counter (none where no rollup row is). */
export interface ReportRows {
  timeZone: string;
  rows: { key: string; energy: Energy }[];
}

/** Rows of a device's history, each with the asked variables in order (null where the row lacks one). */
export type HistoryRows = { ts: number; values: (number | null)[] }[];

/**
 * Every counter's column of rollup row `r`, whatever the call asks: one statement text per kind of
 * period and of caller, so each is prepared once per connection (the variables are picked in JavaScript).
 */
const counterColumnsOf = (of: (column: string) => string) =>
  sql.raw(ENERGY_COUNTERS.map((counter, i) => `${of(`r.${COUNTER_COLUMNS[counter]}`)} as v${i}`).join(', '));
const counterColumns = counterColumnsOf((column) => column);
/** The same of a group's sums (a calendar period can have several rows: see rollup_calendar_now). */
const counterSums = counterColumnsOf((column) => `sum(${column})`);
const counterValues = sql.raw(ENERGY_COUNTERS.map((_, i) => `b.v${i}`).join(', '));
/** Each counter with its column in a report row, named once rather than per row. */
const counterFields = ENERGY_COUNTERS.map((counter, i) => [counter, `v${i}`] as const);

/** Renders statements as the database's own dialect does (db/client.ts sets no casing option). */
const dialect = new PgDialect();

/**
 * Rows of a named statement: PostgreSQL parses and plans each text once per connection, where an
 * unnamed statement is planned at every call (PGlite ignores the name). The name is the text's
 * hash, so a text never meets another's plan; texts differ only by the kind of caller and period.
 */
async function selectNamed<T extends Record<string, unknown>>(db: Db, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const name = `monitoring_${hash('sha1', query.sql, 'base64url')}`;
  const result = await db._.session.prepareQuery(query, undefined, name, false).execute();
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * The report's rows of subject `s` (id, zone), in order. A day's rows are all its local hours, from
 * the instant its local date begins (PostgreSQL's reading of the local midnight, which where clocks
 * skip midnight is the skip, as calendar.ts's startOfLocalDate finds it), labelled in local time by
 * PostgreSQL; no time zone work is left to JavaScript. Calendar rows are those the rollups hold.
 */
function reportBuckets(kind: 'device' | 'plant', range: ReportRange): SQL {
  if (range.grain === '1h') {
    // `offset 0` keeps the day's bounds a subquery computed once, instead of expressions repeated per hour.
    return sql`select h.at as ord, to_char(h.at at time zone s.zone, 'YYYY-MM-DD"T"HH24":00"') as key, ${counterColumns}
      from (select ${range.date}::timestamp at time zone s.zone as t0, ${range.nextDate}::timestamp at time zone s.zone as t1 offset 0) t
        cross join lateral (select t0 + n * interval '1 hour' as at from generate_series(0, 47) n) h
        -- The day's bounds again, not t's: a subquery reading t would run once per hour (the view's queue branches too).
        left join (
          select * from rollup_interval_now where subject_kind = ${kind} and subject_id = s.id and grain = '1h'
            and start >= ${range.date}::timestamp at time zone s.zone and start < ${range.nextDate}::timestamp at time zone s.zone
        ) r on r.start = h.at
      where h.at < t1`;
  }
  return sql`select r.start as ord, to_char(r.start, 'YYYY-MM-DD') as key, ${counterSums} from rollup_calendar_now r
    where r.subject_kind = ${kind} and r.subject_id = s.id and r.grain = ${range.grain}
      and r.start between ${range.from}::date and ${range.to}::date
    group by r.start`;
}

/** Plants, devices and fleet figures in the caller's scope, for the monitoring calls. */
export function createMonitoringRepo(db: Db) {
  /** Runs `subject` (one row of id and zone, or none) with its report rows; undefined without a subject. */
  async function reportRows(subject: SQL, kind: 'device' | 'plant', range: ReportRange): Promise<ReportRows | undefined> {
    const rows = await selectNamed<{ zone: string; key: string | null } & Record<string, unknown>>(
      db,
      sql`select s.zone, b.key, ${counterValues}
        from (${subject}) s left join lateral (${reportBuckets(kind, range)}) b on true
        order by b.ord`,
    );
    const first = rows[0];
    if (!first) return undefined;
    const found: ReportRows = { timeZone: first.zone, rows: [] };
    for (const row of rows) {
      if (row.key === null) continue;
      const energy: Energy = {};
      for (const [counter, field] of counterFields) {
        const value = row[field];
        if (value !== null && value !== undefined) energy[counter] = value as number;
      }
      found.rows.push({ key: row.key, energy });
    }
    return found;
  }

  return {
    /** Devices the caller sees among `sns`, with their plant's time zone. */
    async visibleDevices(scope: Scope, sns: string[]) {
      return db
        .select({ id: device.id, sn: device.sn, type: device.type, plantId: device.plantId, timeZone: plant.timeZone })
        .from(device)
        .leftJoin(plant, eq(plant.id, device.plantId))
        .where(and(inArray(device.sn, sns), deviceVisible(db, scope)));
    },

    async visiblePlant(scope: Scope, id: number) {
      const [row] = await db
        .select({ id: plant.id, timeZone: plant.timeZone })
        .from(plant)
        .where(and(eq(plant.id, id), plantVisible(db, scope)));
      return row;
    },

    /**
     * An energy report of a device the caller sees, in one statement: its scope check, its plant's
     * zone and its rows. Undefined when the device is missing or out of scope (the same to the caller).
     */
    async deviceReport(scope: Scope, sn: string, range: ReportRange) {
      return reportRows(
        sql`select ${device.id} as id, coalesce(${plant.timeZone}, 'UTC') as zone from ${device}
          left join ${plant} on ${plant.id} = ${device.plantId}
          where ${device.sn} = ${sn} and ${deviceVisible(db, scope)}`,
        'device',
        range,
      );
    },

    /** An energy report of a plant the caller sees, in one statement; undefined when it is missing or out of scope. */
    async plantReport(scope: Scope, id: number, range: ReportRange) {
      return reportRows(
        sql`select ${plant.id} as id, ${plant.timeZone} as zone from ${plant} where ${plant.id} = ${id} and ${plantVisible(db, scope)}`,
        'plant',
        range,
      );
    },

    /**
     * History of variables of a device the caller sees, in one statement: raw samples (`grain` raw)
     * or the averages of interval rollups between two instants (ms, end exclusive), only the asked
     * variables. Undefined when the device is missing or out of scope.
     */
    async deviceHistory(
      scope: Scope,
      sn: string,
      grain: 'raw' | '5m' | '1h',
      from: number,
      to: number,
      variables: readonly string[],
    ): Promise<HistoryRows | undefined> {
      const values = variables.map((name, i) =>
        grain === 'raw'
          ? sql`vars -> ${name} as ${sql.raw(`v${i}`)}`
          : // A rollup row's average: its sum over its count, which is the row's samples unless `counts` names it.
            sql`(sums ->> ${name})::float8 / nullif(coalesce((counts ->> ${name})::float8, nullif(samples, 0), 1), 0) as ${sql.raw(`v${i}`)}`,
      );
      const source =
        grain === 'raw'
          ? sql`select ${epochMs('ts')} as ts, ${sql.join(values, sql`, `)} from telemetry
              where device_id = s.id and ts >= to_timestamp(${from} / 1000.0) and ts < to_timestamp(${to} / 1000.0)`
          : sql`select ${epochMs('start')} as ts, ${sql.join(values, sql`, `)} from rollup_interval_now
              where subject_kind = 'device' and subject_id = s.id and grain = ${grain}
                and start >= to_timestamp(${from} / 1000.0) and start < to_timestamp(${to} / 1000.0)`;
      const rows = await selectNamed<{ ts: number | null } & Record<string, unknown>>(
        db,
        sql`select x.* from (select ${device.id} as id from ${device} where ${device.sn} = ${sn} and ${deviceVisible(db, scope)}) s
          left join lateral (${source}) x on true
          order by x.ts`,
      );
      if (rows.length === 0) return undefined;
      const history: HistoryRows = [];
      for (const row of rows) {
        if (row.ts === null) continue;
        history.push({ ts: Number(row.ts), values: variables.map((_, i) => (row[`v${i}`] ?? null) as number | null) });
      }
      return history;
    },

    async devicesOfPlant(plantId: number) {
      return db.select({ id: device.id, sn: device.sn, type: device.type }).from(device).where(eq(device.plantId, plantId));
    },

    /** Plants by status, PV power now, today's and lifetime yield over every plant in scope. */
    async fleetSummary(scope: Scope, liveWindowMs: number) {
      const [row] = await selectRows<{ total: number; by_status: StatusCounts; current_power: number; today: number; lifetime: number }>(
        db,
        sql`with scoped as (
            select ${plant.id} as id, ${plant.timeZone} as time_zone, ${plantStatus} as status from ${plant}
            where ${plant.deletedAt} is null and ${plantVisible(db, scope)}
          )
          select
            (select count(*)::int from scoped) as total,
            (select jsonb_build_object(${sql.join(
              PLANT_STATUSES.map((status) => sql`${status}::text, count(*) filter (where status = ${status})`),
              sql`, `,
            )}) from scoped) as by_status,
            (select coalesce(sum((l.vars->>'pvPower')::float8), 0) from scoped s
              join device d on d.plant_id = s.id and d.type = 'inverter'
              join telemetry_latest l on l.device_id = d.id and l.ts > now() - make_interval(secs => ${liveWindowMs / 1000})) as current_power,
            (select coalesce(sum(r.pv), 0) from scoped s
              join rollup_calendar_now r on r.subject_kind = 'plant' and r.subject_id = s.id and r.grain = 'day'
                and r.start = (now() at time zone s.time_zone)::date) as today,
            (select coalesce(sum(r.pv), 0) from scoped s
              join rollup_calendar_now r on r.subject_kind = 'plant' and r.subject_id = s.id and r.grain = 'year') as lifetime`,
      );
      return row as NonNullable<typeof row>;
    },

    /** PV power now, today's and lifetime yield of each of `plantIds` (which the caller already sees). */
    async plantFigures(plantIds: number[], liveWindowMs: number) {
      if (plantIds.length === 0) return [];
      return selectRows<{ id: number; power: number; today: number; lifetime: number }>(
        db,
        sql`select p.id,
            (select coalesce(sum((l.vars->>'pvPower')::float8), 0) from device d
              join telemetry_latest l on l.device_id = d.id and l.ts > now() - make_interval(secs => ${liveWindowMs / 1000})
              where d.plant_id = p.id and d.type = 'inverter') as power,
            (select coalesce(sum(r.pv), 0) from rollup_calendar_now r where r.subject_kind = 'plant' and r.subject_id = p.id
              and r.grain = 'day' and r.start = (now() at time zone p.time_zone)::date) as today,
            (select coalesce(sum(r.pv), 0) from rollup_calendar_now r where r.subject_kind = 'plant' and r.subject_id = p.id
              and r.grain = 'year') as lifetime
          from plant p where p.id in (select (v #>> '{}')::bigint from jsonb_array_elements(${jsonParam(plantIds)}) v)`,
      );
    },
  };
}
export type MonitoringRepo = ReturnType<typeof createMonitoringRepo>;
