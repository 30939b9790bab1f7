import { ENERGY_COUNTERS } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { epochMs, jsonParam, type PreparedStatement, runPrepared, selectRows } from '../../db/rawSql.ts';
import { COUNTER_COLUMNS } from './counters.ts';
import type { Energy, Vars } from './energy.ts';

/** Every counter in one JSON object, each the value `of` its rollup column gives. */
const energyObjectOf = (of: (column: string) => string) =>
  sql.raw(`jsonb_build_object(${ENERGY_COUNTERS.map((counter) => `'${counter}', ${of(COUNTER_COLUMNS[counter])}`).join(', ')})`);
const energyObject = energyObjectOf((column) => column);
/** The sums of a group's rows (a calendar period can have several rows: see rollup_calendar_now). */
const energySumObject = energyObjectOf((column) => `sum(${column})`);

/** A validated sample of a known device, ready to store. */
export interface DeviceSample {
  deviceId: number;
  /** The device's plant, whose time zone is its calendar; null until it is in a plant. */
  plantId: number | null;
  ts: number;
  vars: Vars;
}

/** `device.last_seen_at` (online or offline in lists) is kept to the minute: fewer row versions of a wide table. */
const LAST_SEEN_STEP = '1 minute';

/**
 * A batch in one statement (prepared: it runs for every batch). Rows go and are locked in device
 * order, so concurrent batches never wait on each other in a circle.
 */
const WRITE_BATCH: PreparedStatement = {
  name: 'telemetry_write_batch',
  text: `with mark as materialized (
      select nextval('rollup_dirty_id_seq') as id
    ), batch as (
      select distinct on (device_id, ts) device_id, to_timestamp(ts / 1000.0) as ts, vars
      from jsonb_to_recordset($1::jsonb) as x(device_id bigint, ts float8, vars jsonb)
      order by device_id, ts
    ), stored as (
      -- Each new row names its batch's mark (rollups.ts folds it in once); a duplicate keeps its first.
      insert into telemetry (device_id, ts, vars, mark_id) select device_id, ts, vars, (select id from mark) from batch
      on conflict do nothing returning device_id, ts
    ), marked as (
      insert into rollup_dirty (id, device_ids, lows, highs, samples)
      select (select id from mark), array_agg(device_id), array_agg(low), array_agg(high), sum(samples)::int
      from (select device_id, min(ts) as low, max(ts) as high, count(*) as samples from stored group by device_id) per_device
      having count(*) > 0
      returning 1
    ), newest as (
      select distinct on (device_id) device_id, ts, vars from batch order by device_id, ts desc
    ), latest as (
      -- Older samples never overwrite newer values; variables a sample lacks keep their last value.
      insert into telemetry_latest (device_id, ts, vars) select device_id, ts, vars from newest order by device_id
      on conflict (device_id) do update set ts = excluded.ts, vars = telemetry_latest.vars || excluded.vars
      where excluded.ts >= telemetry_latest.ts
      returning 1
    ), stale as (
      select d.id, newest.ts from device d join newest on newest.device_id = d.id
      where d.last_seen_at is null or d.last_seen_at < newest.ts - interval '${LAST_SEEN_STEP}'
      order by d.id for update of d
    ), seen as (
      update device set last_seen_at = stale.ts from stale where device.id = stale.id
      returning 1
    )
    select (select count(*) from stored)::int as stored`,
};

/** The UTC month of a time, as the partitions are cut: "2026-11". */
const monthOf = (ts: number) => new Date(ts).toISOString().slice(0, 7);

export function createTelemetryRepo(db: Db) {
  const partitions = new Set<string>();

  return {
    /**
     * Stores a batch in one statement: each (device, ts) once, the latest values, the devices' last
     * contact, and one mark for the rollup job with each device's range of new samples (rollups.ts
     * folds them in).
     * Answers how many samples were new.
     */
    async writeBatch(samples: DeviceSample[]): Promise<number> {
      if (samples.length === 0) return 0;
      let low = Number.POSITIVE_INFINITY;
      let high = Number.NEGATIVE_INFINITY;
      for (const s of samples) {
        if (s.ts < low) low = s.ts;
        if (s.ts > high) high = s.ts;
      }
      // The usual batch lies in one month whose partition exists: no per-sample dates.
      const months = monthOf(low) === monthOf(high) ? [monthOf(low)] : new Set(samples.map((s) => monthOf(s.ts)));
      for (const month of months) {
        if (partitions.has(month)) continue;
        await db.execute(sql`select telemetry_ensure_partition(${`${month}-01`}::date)`);
        partitions.add(month);
      }
      const rows = samples.map((s) => ({ device_id: s.deviceId, ts: s.ts, vars: s.vars }));
      const [result] = await runPrepared<{ stored: number }>(db, WRITE_BATCH, [JSON.stringify(rows)]);
      return Number(result?.stored ?? 0);
    },

    /**
     * Drops the monthly partitions of raw samples that ended more than `retentionDays` ago (rollups
     * stay). Raw samples are thus kept at least that long and removed a month at a time: dropping a
     * partition costs nothing, deleting rows would cost as much as writing them. Answers the
     * partitions dropped.
     */
    async dropExpiredPartitions(retentionDays: number, now: number): Promise<string[]> {
      const rows = await selectRows<{ name: string }>(
        db,
        sql`select c.relname as name from pg_inherits i
          join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
          join pg_namespace n on n.oid = p.relnamespace
          where p.relname = 'telemetry' and n.nspname = current_schema()`,
      );
      const cutoff = now - retentionDays * 86_400_000;
      const expired = rows
        .map((row) => row.name)
        .filter((name) => {
          const month = /^telemetry_(\d{4})(\d{2})$/.exec(name);
          return month !== null && Date.UTC(Number(month[1]), Number(month[2]), 1) <= cutoff;
        });
      for (const name of expired) {
        await db.execute(sql.raw(`drop table ${name}`));
        partitions.delete(`${name.slice(10, 14)}-${name.slice(14, 16)}`);
      }
      return expired;
    },

    async latest(deviceIds: number[]) {
      if (deviceIds.length === 0) return [];
      return selectRows<{ device_id: number; ts: number; vars: Vars }>(
        db,
        sql`select device_id, ${epochMs('ts')} as ts, vars from telemetry_latest where device_id in (select (v #>> '{}')::bigint from jsonb_array_elements(${jsonParam(deviceIds)}) v)`,
      );
    },

    /** Energy per calendar bucket of one subject, between two local dates (inclusive). */
    async calendarEnergy(kind: 'device' | 'plant', id: number, grain: string, from: string, to: string) {
      return selectRows<{ start: string; energy: Energy }>(
        db,
        sql`select to_char(start, 'YYYY-MM-DD') as start, ${energySumObject} as energy from rollup_calendar_now
          where subject_kind = ${kind} and subject_id = ${id} and grain = ${grain} and start between ${from}::date and ${to}::date
          group by start order by start`,
      );
    },

    /** Interval rollups of one subject between two instants (ms, end exclusive). */
    async intervalRows(kind: 'device' | 'plant', ids: number[], grain: string, from: number, to: number) {
      return selectRows<{ subject_id: number; start: number; energy: Energy; samples: number; sums: Vars; counts: Vars }>(
        db,
        sql`select subject_id, ${epochMs('start')} as start, ${energyObject} as energy, samples, sums, counts from rollup_interval_now
          where subject_kind = ${kind} and subject_id in (select (v #>> '{}')::bigint from jsonb_array_elements(${jsonParam(ids)}) v)
            and grain = ${grain} and start >= to_timestamp(${from} / 1000.0) and start < to_timestamp(${to} / 1000.0)
          order by start`,
      );
    },

    /** Raw samples of one device between two instants (ms, end exclusive): charts read these for a day at most. */
    async samples(deviceId: number, from: number, to: number) {
      return selectRows<{ ts: number; vars: Vars }>(
        db,
        sql`select ${epochMs('ts')} as ts, vars from telemetry
          where device_id = ${deviceId} and ts >= to_timestamp(${from} / 1000.0) and ts < to_timestamp(${to} / 1000.0)
          order by ts`,
      );
    },
  };
}
export type TelemetryRepo = ReturnType<typeof createTelemetryRepo>;
