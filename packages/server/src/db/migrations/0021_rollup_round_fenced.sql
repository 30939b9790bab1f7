-- The rollup round of 0017 with every per-subject subquery fenced (OFFSET 0), so it stays an index
-- lookup per subject (issue 17). The statements are otherwise those of 0017.

CREATE OR REPLACE FUNCTION rollup_round(samples_per_round integer, marks_per_round integer) RETURNS jsonb
SET jit = off -- short statements: compiling them would cost more than it saves
AS $$
DECLARE
  -- Devices whose buckets a round recomputes, and their plants: [{subject_id, zone, from_ms, to_ms}].
  device_ranges jsonb;
  plant_ranges jsonb;
  marks_left boolean;
  -- The chain above the 5-minute rows runs for devices, then plants.
  chain_kind text;
  chain_ranges jsonb;
  calendar_grain text;
  calendar_source text;
BEGIN
  -- One round at a time across processes (per schema: tests share a server).
  IF NOT pg_try_advisory_xact_lock(10, hashtext(current_schema())) THEN
    RETURN jsonb_build_object('more', false, 'plants', '[]'::jsonb);
  END IF;

  -- Claims marks (deletes them) up to the round's share of samples; a new sample changes its own
  -- bucket and the one of the sample after the range (their pair).
  WITH claimed AS (
    DELETE FROM rollup_dirty WHERE id IN (
      SELECT id FROM (SELECT id, samples, sum(samples) OVER (ORDER BY id) AS running FROM rollup_dirty ORDER BY id LIMIT marks_per_round) x
      WHERE running - samples < samples_per_round
    )
    RETURNING device_id, low, high
  ), ranged AS (SELECT device_id, min(low) AS low, max(high) AS high FROM claimed GROUP BY device_id),
  claimed_ranges AS (
    SELECT r.device_id AS subject_id, d.plant_id, coalesce(p.time_zone, 'UTC') AS zone,
      (extract(epoch FROM date_bin('5 minutes', r.low, timestamptz 'epoch')) * 1000)::float8 AS from_ms,
      (extract(epoch FROM date_bin('5 minutes',
        coalesce((SELECT min(t.ts) FROM telemetry t WHERE t.device_id = r.device_id AND t.ts > r.high), r.high),
        timestamptz 'epoch') + interval '5 minutes') * 1000)::float8 AS to_ms
    FROM ranged r JOIN device d ON d.id = r.device_id LEFT JOIN plant p ON p.id = d.plant_id
  )
  SELECT coalesce(jsonb_agg(to_jsonb(claimed_ranges)), '[]'::jsonb), (SELECT count(*) FROM rollup_dirty) > (SELECT count(*) FROM claimed)
  INTO device_ranges, marks_left
  FROM claimed_ranges;
  IF jsonb_array_length(device_ranges) = 0 THEN
    RETURN jsonb_build_object('more', false, 'plants', '[]'::jsonb);
  END IF;

  -- Each plant's range: from the first to the last bucket any of its devices needs.
  SELECT coalesce(jsonb_agg(jsonb_build_object('subject_id', x.plant_id, 'zone', x.zone, 'from_ms', x.from_ms, 'to_ms', x.to_ms)), '[]'::jsonb)
  INTO plant_ranges
  FROM (
    SELECT d.plant_id, min(d.zone) AS zone, min(d.from_ms) AS from_ms, max(d.to_ms) AS to_ms
    FROM jsonb_to_recordset(device_ranges) AS d(plant_id bigint, zone text, from_ms float8, to_ms float8)
    WHERE d.plant_id IS NOT NULL GROUP BY d.plant_id
  ) x;

  -- Every statement reaches a subject's rows through a LATERAL subquery fenced by OFFSET 0, so the
  -- plan is an index lookup per subject whatever the statistics say (they lag behind right after a
  -- burst of new rows). Without the fence the planner pulls the subquery up into a join and, with
  -- estimates of a few rows, hashes every device's 5-minute rows: a round then cost time in
  -- proportion to the whole fleet's history (issue 17: 1,533 µs of database CPU per sample at a
  -- day of history for 1,000 devices, 350 µs with the fence).
  -- Device 5-minute buckets from raw samples (energy from consecutive pairs; a bucket's first pair
  -- reaches back to the sample before the range; a bucket of one sample takes its values as they
  -- are), local hours from them, local days from hours (a DST day has 23 or 25), months from days,
  -- years from months; per plant the sums of its devices' 5-minute rows and the same chain.

  -- device_5m
  with r as (select subject_id, zone, to_timestamp(from_ms / 1000.0) as t_from, to_timestamp(to_ms / 1000.0) as t_to
      from jsonb_to_recordset(device_ranges) as x(subject_id bigint, zone text, from_ms float8, to_ms float8)),
    paired as (
      select t.device_id as subject_id, t.ts, t.vars, r.t_from, lag(t.vars) over (partition by t.device_id order by t.ts) as prev
      from r cross join lateral (select * from telemetry where device_id = r.subject_id
        and ts >= coalesce((select max(p.ts) from telemetry p where p.device_id = r.subject_id and p.ts < r.t_from), r.t_from)
        and ts < r.t_to offset 0) t
    ),
    grouped as (
      select subject_id, date_bin('5 minutes', ts, timestamptz 'epoch') as bucket, count(*)::int as samples, sum(counter_increase((prev ->> 'PVEnergyTotal')::float8, (vars ->> 'PVEnergyTotal')::float8)) as pv, sum(counter_increase((prev ->> 'generationTotal')::float8, (vars ->> 'generationTotal')::float8)) as generation, sum(counter_increase((prev ->> 'feedinTotal')::float8, (vars ->> 'feedinTotal')::float8)) as feedin, sum(counter_increase((prev ->> 'gridConsumptionTotal')::float8, (vars ->> 'gridConsumptionTotal')::float8)) as grid_consumption, sum(counter_increase((prev ->> 'loadsTotal')::float8, (vars ->> 'loadsTotal')::float8)) as loads, sum(counter_increase((prev ->> 'chargeEnergyTotal')::float8, (vars ->> 'chargeEnergyTotal')::float8)) as charge, sum(counter_increase((prev ->> 'dischargeEnergyTotal')::float8, (vars ->> 'dischargeEnergyTotal')::float8)) as discharge,
        array_agg(vars) as parts
      from paired where ts >= t_from group by 1, 2
    ),
    buckets as materialized (
      select *, case when samples = 1 then jsonb_build_object('sums', parts[1], 'counts', '{}'::jsonb)
        else (select jsonb_build_object('sums', coalesce(jsonb_object_agg(key, value), '{}'),
        'counts', coalesce(jsonb_object_agg(key, n) filter (where n < samples), '{}'))
      from (
        select kv.key, sum(kv.value::float8) as value, sum(coalesce((u.c ->> kv.key)::float8, u.n, 1)) as n
        from unnest(parts, null::jsonb[], null::int[]) as u(s, c, n), jsonb_each(u.s) kv group by kv.key
      ) x) end as variables
      from grouped
    )
    insert into rollup_interval (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples, sums, counts)
    select 'device', subject_id, '5m', bucket, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples, variables -> 'sums', variables -> 'counts' from buckets
    on conflict (subject_kind, subject_id, grain, start) do update
      set pv = excluded.pv, generation = excluded.generation, feedin = excluded.feedin, grid_consumption = excluded.grid_consumption, loads = excluded.loads, charge = excluded.charge, discharge = excluded.discharge, samples = excluded.samples, sums = excluded.sums, counts = excluded.counts;

  -- plant_5m
  with r as (select subject_id, zone, to_timestamp(from_ms / 1000.0) as t_from, to_timestamp(to_ms / 1000.0) as t_to
      from jsonb_to_recordset(plant_ranges) as x(subject_id bigint, zone text, from_ms float8, to_ms float8))
    insert into rollup_interval (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge)
    select 'plant', r.subject_id, '5m', ri.start, sum(ri.pv) as pv, sum(ri.generation) as generation, sum(ri.feedin) as feedin, sum(ri.grid_consumption) as grid_consumption, sum(ri.loads) as loads, sum(ri.charge) as charge, sum(ri.discharge) as discharge
    from r cross join lateral (select id from device where plant_id = r.subject_id offset 0) d
      cross join lateral (select * from rollup_interval where subject_kind = 'device' and subject_id = d.id and grain = '5m'
        and start >= r.t_from and start < r.t_to offset 0) ri
    group by r.subject_id, ri.start
    on conflict (subject_kind, subject_id, grain, start) do update set pv = excluded.pv, generation = excluded.generation, feedin = excluded.feedin, grid_consumption = excluded.grid_consumption, loads = excluded.loads, charge = excluded.charge, discharge = excluded.discharge;

  FOR chain_kind, chain_ranges IN VALUES ('device', device_ranges), ('plant', plant_ranges) LOOP
    -- 1h
    with r as (select subject_id, zone, to_timestamp(from_ms / 1000.0) as t_from, to_timestamp(to_ms / 1000.0) as t_to
        from jsonb_to_recordset(chain_ranges) as x(subject_id bigint, zone text, from_ms float8, to_ms float8)),
      grouped as (
        select ri.subject_id, local_hour_start(ri.start, r.zone) as bucket, sum(ri.samples)::int as samples, sum(ri.pv) as pv, sum(ri.generation) as generation, sum(ri.feedin) as feedin, sum(ri.grid_consumption) as grid_consumption, sum(ri.loads) as loads, sum(ri.charge) as charge, sum(ri.discharge) as discharge,
          array_agg(ri.sums) as part_sums, array_agg(ri.counts) as part_counts, array_agg(ri.samples) as part_samples
        from r cross join lateral (select * from rollup_interval where subject_kind = chain_kind and subject_id = r.subject_id and grain = '5m'
          and start >= local_hour_start(r.t_from, r.zone)
          and start < local_hour_start(r.t_to - interval '5 minutes', r.zone) + interval '1 hour' offset 0) ri
        group by 1, 2
      ),
      buckets as materialized (select *, (select jsonb_build_object('sums', coalesce(jsonb_object_agg(key, value), '{}'),
          'counts', coalesce(jsonb_object_agg(key, n) filter (where n < samples), '{}'))
        from (
          select kv.key, sum(kv.value::float8) as value, sum(coalesce((u.c ->> kv.key)::float8, u.n, 1)) as n
          from unnest(part_sums, part_counts, part_samples) as u(s, c, n), jsonb_each(u.s) kv group by kv.key
        ) x) as variables from grouped)
      insert into rollup_interval (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples, sums, counts)
      select chain_kind, subject_id, '1h', bucket, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples, variables -> 'sums', variables -> 'counts' from buckets
      on conflict (subject_kind, subject_id, grain, start) do update
        set pv = excluded.pv, generation = excluded.generation, feedin = excluded.feedin, grid_consumption = excluded.grid_consumption, loads = excluded.loads, charge = excluded.charge, discharge = excluded.discharge, samples = excluded.samples, sums = excluded.sums, counts = excluded.counts;

    -- day
    with r as (select subject_id, zone, to_timestamp(from_ms / 1000.0) as t_from, to_timestamp(to_ms / 1000.0) as t_to
        from jsonb_to_recordset(chain_ranges) as x(subject_id bigint, zone text, from_ms float8, to_ms float8)), days as (select subject_id, zone, (t_from at time zone zone)::date as d_from,
      ((t_to - interval '5 minutes') at time zone zone)::date as d_to from r)
      insert into rollup_calendar (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge)
      select chain_kind, days.subject_id, 'day', (ri.start at time zone days.zone)::date, sum(ri.pv) as pv, sum(ri.generation) as generation, sum(ri.feedin) as feedin, sum(ri.grid_consumption) as grid_consumption, sum(ri.loads) as loads, sum(ri.charge) as charge, sum(ri.discharge) as discharge
      from days cross join lateral (select * from rollup_interval where subject_kind = chain_kind and subject_id = days.subject_id and grain = '1h'
        and start >= (days.d_from::timestamp at time zone days.zone) and start < ((days.d_to + 1)::timestamp at time zone days.zone) offset 0) ri
      group by 2, 4
      on conflict (subject_kind, subject_id, grain, start) do update set pv = excluded.pv, generation = excluded.generation, feedin = excluded.feedin, grid_consumption = excluded.grid_consumption, loads = excluded.loads, charge = excluded.charge, discharge = excluded.discharge;

    -- months from days, then years from months
    FOR calendar_grain, calendar_source IN VALUES ('month', 'day'), ('year', 'month') LOOP
      with r as (select subject_id, zone, to_timestamp(from_ms / 1000.0) as t_from, to_timestamp(to_ms / 1000.0) as t_to
          from jsonb_to_recordset(chain_ranges) as x(subject_id bigint, zone text, from_ms float8, to_ms float8)), days as (select subject_id, zone, (t_from at time zone zone)::date as d_from,
        ((t_to - interval '5 minutes') at time zone zone)::date as d_to from r)
        insert into rollup_calendar (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge)
        select chain_kind, days.subject_id, calendar_grain, date_trunc(calendar_grain, rc.start)::date, sum(rc.pv) as pv, sum(rc.generation) as generation, sum(rc.feedin) as feedin, sum(rc.grid_consumption) as grid_consumption, sum(rc.loads) as loads, sum(rc.charge) as charge, sum(rc.discharge) as discharge
        from days cross join lateral (select * from rollup_calendar where subject_kind = chain_kind and subject_id = days.subject_id and grain = calendar_source
          and start >= date_trunc(calendar_grain, days.d_from) and start < date_trunc(calendar_grain, days.d_to) + ('1 ' || calendar_grain)::interval offset 0) rc
        group by 2, 4
        on conflict (subject_kind, subject_id, grain, start) do update set pv = excluded.pv, generation = excluded.generation, feedin = excluded.feedin, grid_consumption = excluded.grid_consumption, loads = excluded.loads, charge = excluded.charge, discharge = excluded.discharge;
    END LOOP;
  END LOOP;

  RETURN jsonb_build_object('more', marks_left,
    'plants', (SELECT coalesce(jsonb_agg(x.subject_id), '[]'::jsonb) FROM jsonb_to_recordset(plant_ranges) AS x(subject_id bigint)));
END
$$ LANGUAGE plpgsql;
