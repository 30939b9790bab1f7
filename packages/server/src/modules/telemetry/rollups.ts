import { ENERGY_COUNTERS } from '@sunstack/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PreparedStatement, preparedStatement, runPrepared, selectRows } from '../../db/rawSql.ts';
import { COUNTER_COLUMNS } from './counters.ts';

/**
 * The rollup job: folds what the ingest stored (its `rollup_dirty` marks) into the rollups, by
 * recomputing every bucket a new sample touches from the raw rows, in SQL. Recomputing instead of
 * correcting makes a round idempotent: late, duplicate or out-of-order samples, counter resets and
 * gaps all come out exact, and a round that fails leaves its marks for the next one.
 *
 * Per device: 5-minute buckets from raw samples (energy from consecutive pairs, sums and counts of
 * every variable), local hours from 5-minute rows, local days from hours, months from days, years
 * from months. Per plant: 5-minute buckets from its devices' rows, then the same chain (energy only).
 */

/** New samples folded per round (at least one mark): enough to amortise the statements, few enough to keep a round short. */
const SAMPLES_PER_ROUND = 50_000;
/** Marks looked at per round: bounds the claim itself when many devices each sent a little. */
const MARKS_PER_ROUND = 10_000;

const COLUMNS = Object.values(COUNTER_COLUMNS);
const columns = (format: (column: string) => string) => sql.raw(COLUMNS.map(format).join(', '));
const columnList = columns((c) => c);
const replaceColumns = columns((c) => `${c} = excluded.${c}`);
const sumColumns = (table: string) => columns((c) => `sum(${table}.${c}) as ${c}`);
/** Energy of consecutive pairs (`prev`, `vars`) per counter column. */
const pairEnergy = sql.raw(
  ENERGY_COUNTERS.map(
    (counter) => `sum(counter_increase((prev ->> '${counter}')::float8, (vars ->> '${counter}')::float8)) as ${COUNTER_COLUMNS[counter]}`,
  ).join(', '),
);

/** A subject's buckets to recompute: [from, to) in UTC ms, 5-minute aligned, in its calendar's zone. */
type Range = {
  subject_id: number;
  zone: string;
  from_ms: number;
  to_ms: number;
};
type Kind = 'device' | 'plant';

/**
 * The ranges, the one parameter ($1, jsonb) of every statement below, as rows r(subject_id, zone,
 * t_from, t_to): the first CTE of each. The statements are prepared: a round runs ten of them.
 */
const rangesCte = sql.raw(`r as (select subject_id, zone, to_timestamp(from_ms / 1000.0) as t_from, to_timestamp(to_ms / 1000.0) as t_to
    from jsonb_to_recordset($1::jsonb) as x(subject_id bigint, zone text, from_ms float8, to_ms float8))`);
/** A constant of the statement text (the texts stay the same at every call). */
const literal = (value: string) => sql.raw(`'${value}'`);

/**
 * Variables of a bucket from the arrays of its parts (raw samples, or 5-minute rows with their
 * counts and samples; a missing count or sample number means one), as {sums, counts}; `counts`
 * names only the variables some samples lacked. Reads a grouped row's arrays, so no join is needed.
 */
const variablesOf = (sums: string, counts: string, samples: string, total: string) =>
  sql.raw(`(select jsonb_build_object('sums', coalesce(jsonb_object_agg(key, value), '{}'),
      'counts', coalesce(jsonb_object_agg(key, n) filter (where n < ${total}), '{}'))
    from (
      select kv.key, sum(kv.value::float8) as value, sum(coalesce((u.c ->> kv.key)::float8, u.n, 1)) as n
      from unnest(${sums}, ${counts}, ${samples}) as u(s, c, n), jsonb_each(u.s) kv group by kv.key
    ) x)`);

// Every statement reaches a subject's rows through LATERAL, so the plan is an index lookup per
// subject whatever the statistics say (they lag behind right after a burst of new rows).

/** Inserts or replaces interval rows of `kind` and `grain` from `buckets`(subject_id, bucket, energy columns, samples, variables). */
const writeIntervals = (kind: Kind, grain: '5m' | '1h') => sql`
  insert into rollup_interval (subject_kind, subject_id, grain, start, ${columnList}, samples, sums, counts)
  select ${literal(kind)}, subject_id, ${literal(grain)}, bucket, ${columnList}, samples, variables -> 'sums', variables -> 'counts' from buckets
  on conflict (subject_kind, subject_id, grain, start) do update
    set ${replaceColumns}, samples = excluded.samples, sums = excluded.sums, counts = excluded.counts`;

/**
 * Device 5-minute buckets from raw samples; a bucket's first pair reaches back to the sample before
 * the range. A bucket of one sample (the protocol's 5-minute interval) takes its values as they are;
 * only buckets of several samples add up variables one by one.
 */
const deviceFiveMinutes = sql`with ${rangesCte},
  paired as (
    select t.device_id as subject_id, t.ts, t.vars, r.t_from, lag(t.vars) over (partition by t.device_id order by t.ts) as prev
    from r join telemetry t on t.device_id = r.subject_id
      and t.ts >= coalesce((select max(p.ts) from telemetry p where p.device_id = r.subject_id and p.ts < r.t_from), r.t_from)
      and t.ts < r.t_to
  ),
  grouped as (
    select subject_id, date_bin('5 minutes', ts, timestamptz 'epoch') as bucket, count(*)::int as samples, ${pairEnergy},
      array_agg(vars) as parts
    from paired where ts >= t_from group by 1, 2
  ),
  buckets as materialized (
    select *, case when samples = 1 then jsonb_build_object('sums', parts[1], 'counts', '{}'::jsonb)
      else ${variablesOf('parts', 'null::jsonb[]', 'null::int[]', 'samples')} end as variables
    from grouped
  )
  ${writeIntervals('device', '5m')}`;

/** Plant 5-minute buckets: the sum of its devices' (energy only). */
const plantFiveMinutes = sql`with ${rangesCte}
  insert into rollup_interval (subject_kind, subject_id, grain, start, ${columnList})
  select 'plant', r.subject_id, '5m', ri.start, ${sumColumns('ri')}
  from r cross join lateral (select id from device where plant_id = r.subject_id) d
    cross join lateral (select * from rollup_interval where subject_kind = 'device' and subject_id = d.id and grain = '5m'
      and start >= r.t_from and start < r.t_to) ri
  group by r.subject_id, ri.start
  on conflict (subject_kind, subject_id, grain, start) do update set ${replaceColumns}`;

/** Local hours from the subject's 5-minute rows. */
const hours = (kind: Kind) => sql`with ${rangesCte},
  grouped as (
    select ri.subject_id, local_hour_start(ri.start, r.zone) as bucket, sum(ri.samples)::int as samples, ${sumColumns('ri')},
      array_agg(ri.sums) as part_sums, array_agg(ri.counts) as part_counts, array_agg(ri.samples) as part_samples
    from r cross join lateral (select * from rollup_interval where subject_kind = ${literal(kind)} and subject_id = r.subject_id and grain = '5m'
      and start >= local_hour_start(r.t_from, r.zone)
      and start < local_hour_start(r.t_to - interval '5 minutes', r.zone) + interval '1 hour') ri
    group by 1, 2
  ),
  buckets as materialized (select *, ${variablesOf('part_sums', 'part_counts', 'part_samples', 'samples')} as variables from grouped)
  ${writeIntervals(kind, '1h')}`;

/** The first and last local day a range touches. */
const localDays = sql`days as (select subject_id, zone, (t_from at time zone zone)::date as d_from,
  ((t_to - interval '5 minutes') at time zone zone)::date as d_to from r)`;

/** Local days from the subject's hours (a DST day has 23 or 25 of them). */
const days = (kind: Kind) => sql`with ${rangesCte}, ${localDays}
  insert into rollup_calendar (subject_kind, subject_id, grain, start, ${columnList})
  select ${literal(kind)}, days.subject_id, 'day', (ri.start at time zone days.zone)::date, ${sumColumns('ri')}
  from days cross join lateral (select * from rollup_interval where subject_kind = ${literal(kind)} and subject_id = days.subject_id and grain = '1h'
    and start >= (days.d_from::timestamp at time zone days.zone) and start < ((days.d_to + 1)::timestamp at time zone days.zone)) ri
  group by 2, 4
  on conflict (subject_kind, subject_id, grain, start) do update set ${replaceColumns}`;

/** Months from days, or years from months. */
const calendarFrom = (kind: Kind, grain: 'month' | 'year', source: 'day' | 'month') => {
  const unit = literal(grain);
  return sql`with ${rangesCte}, ${localDays}
  insert into rollup_calendar (subject_kind, subject_id, grain, start, ${columnList})
  select ${literal(kind)}, days.subject_id, ${unit}, date_trunc(${unit}, rc.start)::date, ${sumColumns('rc')}
  from days cross join lateral (select * from rollup_calendar where subject_kind = ${literal(kind)} and subject_id = days.subject_id and grain = ${literal(source)}
    and start >= date_trunc(${unit}, days.d_from) and start < date_trunc(${unit}, days.d_to) + ${sql.raw(`interval '1 ${grain}'`)}) rc
  group by 2, 4
  on conflict (subject_kind, subject_id, grain, start) do update set ${replaceColumns}`;
};

/** A subject's statements, in order: its 5-minute rows, then the chain above them. */
const statementsOf = (kind: Kind, fiveMinutes: SQL): PreparedStatement[] =>
  [
    { step: '5m', statement: fiveMinutes },
    { step: '1h', statement: hours(kind) },
    { step: 'day', statement: days(kind) },
    { step: 'month', statement: calendarFrom(kind, 'month', 'day') },
    { step: 'year', statement: calendarFrom(kind, 'year', 'month') },
  ].map(({ step, statement }) => preparedStatement(`rollup_${kind}_${step}`, statement));
const DEVICE_STATEMENTS = statementsOf('device', deviceFiveMinutes);
const PLANT_STATEMENTS = statementsOf('plant', plantFiveMinutes);

/**
 * One round at a time across processes (per schema: tests share a server). Its statements are
 * short: compiling them (jit) would cost more than it saves.
 */
const LOCK_ROUND: PreparedStatement = {
  name: 'rollup_lock_round',
  text: `select pg_try_advisory_xact_lock(10, hashtext(current_schema())) as locked, set_config('jit', 'off', true)`,
};

/**
 * Claims marks (deletes them) and answers each device's range with its plant and zone, and whether
 * more marks wait. A new sample changes its own bucket and the one of the sample after the range (their pair).
 */
const CLAIM_MARKS: PreparedStatement = {
  name: 'rollup_claim_marks',
  text: `with claimed as (
      delete from rollup_dirty where id in (
        select id from (select id, samples, sum(samples) over (order by id) as running from rollup_dirty order by id limit ${MARKS_PER_ROUND}) x
        where running - samples < ${SAMPLES_PER_ROUND}
      )
      returning device_id, low, high
    ), ranged as (select device_id, min(low) as low, max(high) as high from claimed group by device_id)
    select r.device_id as subject_id, d.plant_id, coalesce(p.time_zone, 'UTC') as zone,
      (extract(epoch from date_bin('5 minutes', r.low, timestamptz 'epoch')) * 1000)::float8 as from_ms,
      (extract(epoch from date_bin('5 minutes',
        coalesce((select min(t.ts) from telemetry t where t.device_id = r.device_id and t.ts > r.high), r.high),
        timestamptz 'epoch') + interval '5 minutes') * 1000)::float8 as to_ms,
      (select count(*) from rollup_dirty) > (select count(*) from claimed) as more
    from ranged r join device d on d.id = r.device_id left join plant p on p.id = d.plant_id`,
};

/** Each plant's range: from the first to the last bucket any of its devices needs. */
function plantRanges(devices: (Range & { plant_id: number | null })[]): Range[] {
  const plants = new Map<number, Range>();
  for (const device of devices) {
    if (device.plant_id === null) continue;
    const id = Number(device.plant_id);
    const range = plants.get(id);
    plants.set(id, {
      subject_id: id,
      zone: device.zone,
      from_ms: Math.min(range?.from_ms ?? device.from_ms, device.from_ms),
      to_ms: Math.max(range?.to_ms ?? device.to_ms, device.to_ms),
    });
  }
  return [...plants.values()];
}

export function createRollupJob(db: Db) {
  /**
   * One round: claims marks, recomputes what they touch, in one transaction (a failed round leaves
   * its marks).
   * Answers whether more marks wait, and the plants whose rollups changed.
   */
  async function round(): Promise<{ more: boolean; plantIds: number[] }> {
    return db.transaction(async (tx) => {
      const [lock] = await runPrepared<{ locked: boolean }>(tx, LOCK_ROUND, []);
      if (!lock?.locked) return { more: false, plantIds: [] };
      const devices = await runPrepared<Range & { plant_id: number | null; more: boolean }>(tx, CLAIM_MARKS, []);
      if (devices.length === 0) return { more: false, plantIds: [] };
      const plants = plantRanges(devices);
      const deviceParams = [JSON.stringify(devices)];
      for (const statement of DEVICE_STATEMENTS) await runPrepared(tx, statement, deviceParams);
      if (plants.length > 0) {
        const plantParams = [JSON.stringify(plants)];
        for (const statement of PLANT_STATEMENTS) await runPrepared(tx, statement, plantParams);
      }
      return { more: Boolean(devices[0]?.more), plantIds: plants.map((p) => p.subject_id) };
    });
  }

  const hasMarks = async () =>
    (await selectRows<{ waiting: boolean }>(db, sql`select exists (select 1 from rollup_dirty) as waiting`))[0]?.waiting === true;

  return {
    round,
    /** Folds everything stored so far (tests). */
    async settle() {
      while (await hasMarks()) await round();
    },
  };
}
export type RollupJob = ReturnType<typeof createRollupJob>;
