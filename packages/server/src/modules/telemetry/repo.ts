import { ENERGY_COUNTERS, type EnergyCounter } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { epochMs, jsonParam, selectRows } from '../../db/rawSql.ts';
import { bucketsOf, CALENDAR_GRAINS, INTERVAL_GRAINS } from './calendar.ts';
import { addEnergy, type Energy, energyChanges, type Vars, type WindowSample } from './energy.ts';

/** A validated sample of a known device, ready to store. */
/** The rollup column of each energy counter: plain numbers add up far faster than JSON in the upserts. */
const COUNTER_COLUMNS: Record<EnergyCounter, string> = {
  PVEnergyTotal: 'pv',
  generationTotal: 'generation',
  feedinTotal: 'feedin',
  gridConsumptionTotal: 'grid_consumption',
  loadsTotal: 'loads',
  chargeEnergyTotal: 'charge',
  dischargeEnergyTotal: 'discharge',
};
const COLUMNS = Object.values(COUNTER_COLUMNS);
const columnList = sql.raw(COLUMNS.join(', '));
const columnTypes = sql.raw(COLUMNS.map((c) => `${c} float8`).join(', '));
const addColumns = (table: string) => sql.raw(COLUMNS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', '));
/** The energy columns read back as one object by counter name. */
const energyObject = sql.raw(
  `jsonb_build_object(${ENERGY_COUNTERS.map((counter) => `'${counter}', ${COUNTER_COLUMNS[counter]}`).join(', ')})`,
);
/** A row's energy as its columns, zero for counters that did not move. */
const energyColumns = (energy: Energy) =>
  Object.fromEntries(ENERGY_COUNTERS.map((counter) => [COUNTER_COLUMNS[counter], energy[counter] ?? 0]));

export interface DeviceSample {
  deviceId: number;
  /** The device's plant, whose time zone is its calendar; null until it is in a plant. */
  plantId: number | null;
  timeZone: string;
  ts: number;
  vars: Vars;
}

interface RollupKey {
  kind: 'device' | 'plant';
  id: number;
  grain: string;
  start: number | string;
}
interface IntervalRow extends RollupKey {
  energy: Energy;
  sums: Vars;
  counts: Vars;
}

/** Sums rollup changes per key, so one statement touches each row once. */
function rollupAccumulator() {
  const intervals = new Map<string, IntervalRow>();
  const calendars = new Map<string, RollupKey & { energy: Energy }>();
  const rowOf = <T extends RollupKey>(map: Map<string, T>, key: RollupKey, empty: () => T) => {
    const id = `${key.kind}|${key.id}|${key.grain}|${key.start}`;
    const row = map.get(id) ?? empty();
    map.set(id, row);
    return row;
  };
  const interval = (key: RollupKey) => rowOf<IntervalRow>(intervals, key, () => ({ ...key, energy: {}, sums: {}, counts: {} }));
  const calendar = (key: RollupKey) => rowOf(calendars, key, () => ({ ...key, energy: {} }));
  return {
    addEnergy(sample: Pick<DeviceSample, 'deviceId' | 'plantId' | 'timeZone'>, ts: number, energy: Energy) {
      const buckets = bucketsOf(ts, sample.timeZone);
      const subjects: Pick<RollupKey, 'kind' | 'id'>[] = [{ kind: 'device', id: sample.deviceId }];
      if (sample.plantId !== null) subjects.push({ kind: 'plant', id: sample.plantId });
      for (const subject of subjects) {
        for (const grain of INTERVAL_GRAINS) addEnergy(interval({ ...subject, grain, start: buckets[grain] }).energy, energy);
        for (const grain of CALENDAR_GRAINS) addEnergy(calendar({ ...subject, grain, start: buckets[grain] }).energy, energy);
      }
    },
    addVariables(sample: DeviceSample) {
      const buckets = bucketsOf(sample.ts, sample.timeZone);
      for (const grain of INTERVAL_GRAINS) {
        const row = interval({ kind: 'device', id: sample.deviceId, grain, start: buckets[grain] });
        for (const [name, value] of Object.entries(sample.vars)) {
          row.sums[name] = (row.sums[name] ?? 0) + value;
          row.counts[name] = (row.counts[name] ?? 0) + 1;
        }
      }
    },
    intervals: () => [...intervals.values()],
    calendars: () => [...calendars.values()],
  };
}

export function createTelemetryRepo(db: Db) {
  const partitions = new Set<string>();

  return {
    /**
     * Stores a batch in one transaction: each (device, ts) once, the latest values, and the rollup
     * corrections of the samples that were new. Answers how many samples were new.
     */
    async writeBatch(samples: DeviceSample[]): Promise<number> {
      if (samples.length === 0) return 0;
      const byKey = new Map<string, DeviceSample>();
      for (const sample of samples) byKey.set(`${sample.deviceId}|${sample.ts}`, sample);
      const unique = [...byKey.values()];

      for (const month of new Set(unique.map((s) => new Date(s.ts).toISOString().slice(0, 7)))) {
        if (partitions.has(month)) continue;
        await db.execute(sql`select telemetry_ensure_partition(${`${month}-01`}::date)`);
        partitions.add(month);
      }

      return db.transaction(async (tx) => {
        // One writer per device at a time, so two processes never pair the same samples differently.
        const deviceIds = [...new Set(unique.map((s) => s.deviceId))].sort((a, b) => a - b);
        await tx.execute(sql`select pg_advisory_xact_lock(8, ((v #>> '{}')::bigint % 2147483647)::int)
          from jsonb_array_elements(${jsonParam(deviceIds)}) with ordinality as t(v, n) order by n`);

        const rows = unique.map((s) => ({ device_id: s.deviceId, ts: s.ts, vars: s.vars }));
        const inserted = await selectRows<{ device_id: number; ts: number }>(
          tx,
          sql`insert into telemetry (device_id, ts, vars)
            select device_id, to_timestamp(ts / 1000.0), vars from jsonb_to_recordset(${jsonParam(rows)}) as x(device_id bigint, ts float8, vars jsonb)
            on conflict do nothing
            returning device_id, ${epochMs('ts')} as ts`,
        );
        if (inserted.length === 0) return 0;
        const fresh = inserted.map((row) => byKey.get(`${row.device_id}|${Number(row.ts)}`) as DeviceSample);

        // Each device's window: from the last old sample before its first new one to the first old one after its last.
        const ranges = new Map<number, { low: number; high: number }>();
        for (const s of fresh) {
          const range = ranges.get(s.deviceId);
          ranges.set(s.deviceId, { low: Math.min(range?.low ?? s.ts, s.ts), high: Math.max(range?.high ?? s.ts, s.ts) });
        }
        const rangeRows = [...ranges].map(([device_id, r]) => ({ device_id, low: r.low, high: r.high }));
        const windowRows = await selectRows<{ device_id: number; ts: number; vars: Vars }>(
          tx,
          sql`with r as (
              select device_id, to_timestamp(low / 1000.0) as low, to_timestamp(high / 1000.0) as high
              from jsonb_to_recordset(${jsonParam(rangeRows)}) as x(device_id bigint, low float8, high float8)
            ), w as (
              select r.device_id,
                coalesce((select max(t.ts) from telemetry t where t.device_id = r.device_id and t.ts < r.low), r.low) as from_ts,
                coalesce((select min(t.ts) from telemetry t where t.device_id = r.device_id and t.ts > r.high), r.high) as to_ts
              from r
            )
            select t.device_id, ${epochMs('t.ts')} as ts, t.vars from w
            join telemetry t on t.device_id = w.device_id and t.ts between w.from_ts and w.to_ts
            order by t.device_id, t.ts`,
        );
        const freshKeys = new Set(fresh.map((s) => `${s.deviceId}|${s.ts}`));
        const windows = new Map<number, WindowSample[]>();
        for (const row of windowRows) {
          const deviceId = Number(row.device_id);
          const ts = Number(row.ts);
          const window = windows.get(deviceId) ?? [];
          windows.set(deviceId, window);
          window.push({ ts, vars: row.vars, isNew: freshKeys.has(`${deviceId}|${ts}`) });
        }

        const rollups = rollupAccumulator();
        const firstOfDevice = new Map(fresh.map((s) => [s.deviceId, s]));
        for (const [deviceId, window] of windows) {
          const device = firstOfDevice.get(deviceId) as DeviceSample;
          for (const change of energyChanges(window)) rollups.addEnergy(device, change.ts, change.energy);
        }
        for (const sample of fresh) rollups.addVariables(sample);

        const intervals = rollups.intervals().map(({ energy, ...row }) => ({ ...row, ...energyColumns(energy) }));
        if (intervals.length > 0) {
          await tx.execute(sql`insert into rollup_interval (subject_kind, subject_id, grain, start, ${columnList}, sums, counts)
            select kind, id, grain, to_timestamp(start / 1000.0), ${columnList}, sums, counts
            from jsonb_to_recordset(${jsonParam(intervals)}) as x(kind text, id bigint, grain text, start float8, ${columnTypes}, sums jsonb, counts jsonb)
            on conflict (subject_kind, subject_id, grain, start) do update set ${addColumns('rollup_interval')},
              sums = case when excluded.sums = '{}' then rollup_interval.sums else jsonb_sum(rollup_interval.sums, excluded.sums) end,
              counts = case when excluded.counts = '{}' then rollup_interval.counts else jsonb_sum(rollup_interval.counts, excluded.counts) end`);
        }
        const calendars = rollups.calendars().map(({ energy, ...row }) => ({ ...row, ...energyColumns(energy) }));
        if (calendars.length > 0) {
          await tx.execute(sql`insert into rollup_calendar (subject_kind, subject_id, grain, start, ${columnList})
            select kind, id, grain, start::date, ${columnList}
            from jsonb_to_recordset(${jsonParam(calendars)}) as x(kind text, id bigint, grain text, start text, ${columnTypes})
            on conflict (subject_kind, subject_id, grain, start) do update set ${addColumns('rollup_calendar')}`);
        }

        // The newest sample of each device updates its latest values; older ones never overwrite them.
        const newest = new Map<number, DeviceSample>();
        for (const s of fresh) if ((newest.get(s.deviceId)?.ts ?? -1) < s.ts) newest.set(s.deviceId, s);
        const latestRows = [...newest.values()].map((s) => ({ device_id: s.deviceId, ts: s.ts, vars: s.vars }));
        await tx.execute(sql`insert into telemetry_latest (device_id, ts, vars)
          select device_id, to_timestamp(ts / 1000.0), vars from jsonb_to_recordset(${jsonParam(latestRows)}) as x(device_id bigint, ts float8, vars jsonb)
          on conflict (device_id) do update set ts = excluded.ts, vars = telemetry_latest.vars || excluded.vars
          where excluded.ts >= telemetry_latest.ts`);
        await tx.execute(sql`update device set last_seen_at = x.seen
          from (select device_id, to_timestamp(ts / 1000.0) as seen from jsonb_to_recordset(${jsonParam(latestRows)}) as r(device_id bigint, ts float8)) x
          where device.id = x.device_id and (device.last_seen_at is null or device.last_seen_at < x.seen)`);
        return fresh.length;
      });
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
        sql`select to_char(start, 'YYYY-MM-DD') as start, ${energyObject} as energy from rollup_calendar
          where subject_kind = ${kind} and subject_id = ${id} and grain = ${grain} and start between ${from}::date and ${to}::date
          order by start`,
      );
    },

    /** Interval rollups of one subject between two instants (ms, end exclusive). */
    async intervalRows(kind: 'device' | 'plant', ids: number[], grain: string, from: number, to: number) {
      return selectRows<{ subject_id: number; start: number; energy: Energy; sums: Vars; counts: Vars }>(
        db,
        sql`select subject_id, ${epochMs('start')} as start, ${energyObject} as energy, sums, counts from rollup_interval
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
