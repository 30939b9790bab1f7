-- Issue 17: variables are summed by looking each key up instead of expanding every row. jsonb_each made a key and a
-- value of each variable of every row, then grouped them by key. A device sends the same variables from sample to
-- sample, so variables_of takes the first row's keys, checks that no row holds another (`row - keys` is empty: one pass
-- over each row, nothing made per key) and sums each key's values across the rows; rows holding other keys are summed
-- as before. One function now sums a 5-minute bucket's raw samples, an hour's 5-minute rows and a round's new bucket
-- (bucket_variables and the round's own sums are gone). In psql on PostgreSQL 15, 1,000 devices with an open hour of
-- ten 5-minute rows of twenty variables each, both versions alternated eight times (medians): the hours' variables as
-- the close sums them 153 → 88 ms, the readers' view of those hours 188 → 107 ms, 1,000 buckets of five raw samples
-- (a table of telemetry's shape) 57 → 41 ms. The close as a whole (about 470 ms, mostly its writes) and the embedded
-- first start moved within their noise: the variables were a smaller part of the close than auto_explain had shown
-- (ARCHITECTURE.md, "Where a message's database CPU goes at 1,000/s").

-- The variables (sums, and counts naming only those fewer than `samples` samples hold) of a device's rollup row: a
-- 5-minute bucket's from the raw samples the rollups hold, an hour's from its 5-minute rows (a pending one's from its
-- raw samples), or those of the samples given (`parts`: a round's new bucket). One function for all three, so they sum
-- alike; each source is skipped unless asked for.
CREATE FUNCTION variables_of(device_id bigint, grain text, start timestamptz, samples integer, parts jsonb[])
RETURNS TABLE (sums jsonb, counts jsonb) STABLE AS $$
  WITH raw_buckets AS (
    SELECT $3 AS start WHERE $2 = '5m'
    UNION ALL
    SELECT f.start FROM rollup_interval f
    WHERE $2 = '1h' AND f.subject_kind = 'device' AND f.subject_id = $1 AND f.grain = '5m' AND f.start >= $3
      AND f.start < $3 + interval '1 hour' AND f.sums_pending
  ),
  inputs AS MATERIALIZED (
    SELECT part AS sums, NULL::jsonb AS counts, 1 AS samples FROM unnest($5) part
    UNION ALL
    SELECT t.vars, NULL, 1
    FROM raw_buckets b CROSS JOIN LATERAL (
      SELECT t.vars FROM telemetry t
      WHERE t.device_id = $1 AND t.ts >= b.start AND t.ts < b.start + interval '5 minutes'
        -- A probe of the waiting marks' key per sample (OFFSET 0: not an anti-join hashing the whole queue per bucket).
        AND NOT EXISTS (SELECT 1 FROM rollup_dirty d WHERE d.id = t.mark_id OFFSET 0)
      OFFSET 0
    ) t
    UNION ALL
    SELECT f.sums, f.counts, f.samples FROM rollup_interval f
    WHERE $2 = '1h' AND f.subject_kind = 'device' AND f.subject_id = $1 AND f.grain = '5m' AND f.start >= $3
      AND f.start < $3 + interval '1 hour' AND NOT f.sums_pending
  ),
  -- The first input's keys, and whether every input's are among them.
  first AS MATERIALIZED (
    SELECT keys, NOT EXISTS (SELECT 1 FROM inputs WHERE inputs.sums - keys <> '{}') AS alike
    FROM (SELECT array(SELECT jsonb_object_keys(p.sums) FROM (SELECT sums FROM inputs LIMIT 1) p) AS keys) k
  ),
  summed AS (
    -- A look-up per key and input.
    SELECT key, t.total, t.n
    FROM first CROSS JOIN unnest(first.keys) key
      CROSS JOIN LATERAL (
        SELECT sum((p.sums ->> key)::float8) AS total, sum(coalesce((p.counts ->> key)::float8, p.samples)) FILTER (WHERE p.sums ? key) AS n
        FROM inputs p
      ) t
    WHERE first.alike
    UNION ALL
    -- Some input holds a key the first lacks: every input's variables expanded and grouped.
    SELECT kv.key, sum(kv.value::float8), sum(coalesce((p.counts ->> kv.key)::float8, p.samples))
    FROM inputs p CROSS JOIN LATERAL jsonb_each(p.sums) kv
    WHERE NOT (SELECT alike FROM first)
    GROUP BY kv.key
  )
  SELECT coalesce(jsonb_object_agg(key, total), '{}'), coalesce(jsonb_object_agg(key, n) FILTER (WHERE n <> $4), '{}') FROM summed
$$ LANGUAGE sql;

-- The entry points the readers' view and the close call (migrations 0073, 0075), now both variables_of.
CREATE OR REPLACE FUNCTION pending_variables(device_id bigint, grain text, start timestamptz, samples integer) RETURNS TABLE (sums jsonb, counts jsonb) STABLE AS $$
  SELECT * FROM variables_of($1, $2, $3, $4, NULL)
$$ LANGUAGE sql;
CREATE OR REPLACE FUNCTION hour_variables(device_id bigint, hour timestamptz, samples integer) RETURNS TABLE (sums jsonb, counts jsonb) STABLE AS $$
  SELECT * FROM variables_of($1, '1h', $2, $3, NULL)
$$ LANGUAGE sql;
DROP FUNCTION bucket_variables(bigint, timestamptz, integer);

-- A round as migration 0077's, its new buckets of several samples summed by variables_of.
CREATE OR REPLACE FUNCTION rollup_round(samples_per_round integer, marks_per_round integer) RETURNS jsonb
SET jit = off -- short statements: compiling them would cost more than it saves
AS $$
DECLARE
  -- The last mark the round claims.
  bound bigint;
  plants jsonb;
  -- Hours closed per round: at most a twentieth of its samples (closing one costs about as much as combining
  -- twelve samples), so the call stays as short as a round however many hours a replay left (migration 0071).
  most_closed integer := greatest(samples_per_round / 20, 10);
  closed integer;
BEGIN
  -- One round at a time across processes (per schema: tests share a server).
  IF NOT pg_try_advisory_xact_lock(10, hashtext(current_schema())) THEN
    RETURN jsonb_build_object('more', false, 'plants', '[]'::jsonb);
  END IF;

  -- Pending rows and queued hours that have ended and rest are closed first, also in a round with nothing new (a
  -- silent fleet's hours close too); another round follows at once while some are left.
  closed := rollup_close_hours(now() - interval '1 hour', now() - interval '30 seconds', most_closed);

  -- The round's share of samples, the oldest marks first (migration 0026): every mark up to the last
  -- id within the share. A mark committed later with a lower id waits for the next round.
  SELECT max(id) INTO bound FROM (
    SELECT id, samples, sum(samples) OVER (ORDER BY id) AS running FROM rollup_dirty ORDER BY id LIMIT marks_per_round
  ) x WHERE running - samples < samples_per_round;
  IF bound IS NULL THEN
    RETURN jsonb_build_object('more', closed = most_closed, 'plants', '[]'::jsonb);
  END IF;

  -- One statement, so one snapshot: the rows it sees with a mark up to the bound are what the rollups
  -- hold after it ("folded"), those of the claimed marks are new. Each subject's rows are reached
  -- through a LATERAL subquery fenced by OFFSET 0 (migration 0021: an index lookup per subject
  -- whatever the statistics say), or through ON CONFLICT, which looks up the primary key.
  WITH claimed AS (
    DELETE FROM rollup_dirty WHERE id <= bound RETURNING id, device_ids, lows, highs
  ),
  -- Each claimed batch's range of new samples per device, with the device's plant and time zone.
  ranges AS (
    SELECT claimed.id AS mark_id, m.device_id, m.low, m.high, d.plant_id, d.zone
    FROM claimed CROSS JOIN LATERAL unnest(claimed.device_ids, claimed.lows, claimed.highs) AS m(device_id, low, high)
      CROSS JOIN LATERAL (
        SELECT device.plant_id, coalesce(plant.time_zone, 'UTC') AS zone
        FROM device LEFT JOIN plant ON plant.id = device.plant_id WHERE device.id = m.device_id OFFSET 0
      ) d
  ),
  -- The folded samples in each range (its new ones, and any folded before in between) and the folded
  -- sample on either side of it: every new sample with both its neighbours. A sample is new when a
  -- claimed batch stored it; where ranges overlap, the range of its own batch says so.
  readings AS (
    SELECT DISTINCT ON (r.device_id, t.ts) r.device_id, r.plant_id, r.zone, t.ts, t.vars, t.mark_id = r.mark_id AS new,
      (t.vars ->> 'PVEnergyTotal')::float8 AS pv, (t.vars ->> 'generationTotal')::float8 AS generation,
      (t.vars ->> 'feedinTotal')::float8 AS feedin, (t.vars ->> 'gridConsumptionTotal')::float8 AS grid_consumption,
      (t.vars ->> 'loadsTotal')::float8 AS loads, (t.vars ->> 'chargeEnergyTotal')::float8 AS charge,
      (t.vars ->> 'dischargeEnergyTotal')::float8 AS discharge
    FROM ranges r CROSS JOIN LATERAL (
      (SELECT ts, mark_id, vars FROM telemetry
        WHERE device_id = r.device_id AND ts < r.low AND mark_id <= bound ORDER BY ts DESC LIMIT 1)
      UNION ALL
      (SELECT ts, mark_id, vars FROM telemetry
        WHERE device_id = r.device_id AND ts >= r.low AND ts <= r.high AND mark_id <= bound OFFSET 0)
      UNION ALL
      (SELECT ts, mark_id, vars FROM telemetry
        WHERE device_id = r.device_id AND ts > r.high AND mark_id <= bound ORDER BY ts LIMIT 1)
    ) t
    ORDER BY r.device_id, t.ts, t.mark_id = r.mark_id DESC
  ),
  -- What each sample changes in its bucket: a new one its energy (its pair with the sample before
  -- it), itself and its variables; one folded before, the energy of its pair now minus that of its
  -- pair before the round (the one before it among the samples folded before), exactly zero when
  -- its predecessor did not change. One pass of two windows, without a join.
  changes AS (
    SELECT device_id, plant_id, zone, ts, new, vars,
      counter_increase(lag(pv) OVER w, pv) - CASE WHEN new THEN 0 ELSE counter_increase(lag(pv) OVER old, pv) END AS pv,
      counter_increase(lag(generation) OVER w, generation) - CASE WHEN new THEN 0 ELSE counter_increase(lag(generation) OVER old, generation) END AS generation,
      counter_increase(lag(feedin) OVER w, feedin) - CASE WHEN new THEN 0 ELSE counter_increase(lag(feedin) OVER old, feedin) END AS feedin,
      counter_increase(lag(grid_consumption) OVER w, grid_consumption)
        - CASE WHEN new THEN 0 ELSE counter_increase(lag(grid_consumption) OVER old, grid_consumption) END AS grid_consumption,
      counter_increase(lag(loads) OVER w, loads) - CASE WHEN new THEN 0 ELSE counter_increase(lag(loads) OVER old, loads) END AS loads,
      counter_increase(lag(charge) OVER w, charge) - CASE WHEN new THEN 0 ELSE counter_increase(lag(charge) OVER old, charge) END AS charge,
      counter_increase(lag(discharge) OVER w, discharge) - CASE WHEN new THEN 0 ELSE counter_increase(lag(discharge) OVER old, discharge) END AS discharge
    FROM readings WINDOW w AS (PARTITION BY device_id ORDER BY ts), old AS (PARTITION BY device_id, new ORDER BY ts)
  ),
  -- Per device, 5-minute bucket and local hour (the 02:00 hours of a night that falls back stay apart):
  -- the changes, the new samples' variables gathered as parts to combine with the row as it was.
  interval_changes AS (
    SELECT c.device_id, c.plant_id, c.zone, g.grain, g.start,
      sum(c.pv) AS pv, sum(c.generation) AS generation, sum(c.feedin) AS feedin, sum(c.grid_consumption) AS grid_consumption,
      sum(c.loads) AS loads, sum(c.charge) AS charge, sum(c.discharge) AS discharge,
      count(*) FILTER (WHERE c.new)::int AS samples, array_agg(c.vars) FILTER (WHERE c.new) AS parts
    FROM changes c
      CROSS JOIN LATERAL (
        SELECT '5m', date_bin('5 minutes', c.ts, timestamptz 'epoch')
        UNION ALL
        SELECT '1h', local_hour_start(c.ts, c.zone)
      ) AS g(grain, start)
    WHERE c.new OR c.pv <> 0 OR c.generation <> 0 OR c.feedin <> 0 OR c.grid_consumption <> 0
      OR c.loads <> 0 OR c.charge <> 0 OR c.discharge <> 0
    GROUP BY c.device_id, c.plant_id, c.zone, g.grain, g.start
  ),
  -- Each changed bucket of a device, whether a round made its row before (one index lookup), and whether it is an
  -- open hour: one the device queued already (then it has no row: that probe is skipped), one whose plant's hour is
  -- queued, or one that has not ended and has no plant row yet.
  device_buckets AS (
    SELECT c.*, o.start IS NOT NULL AS existed,
      c.grain = '1h' AND o.start IS NULL AND (
        d.queued IS NOT NULL
        OR EXISTS (SELECT 1 FROM rollup_open_hour q WHERE q.plant_id = c.plant_id AND q.start = c.start)
        OR (c.start > now() - interval '1 hour' AND NOT EXISTS (
          SELECT 1 FROM rollup_interval p WHERE p.subject_kind = 'plant' AND p.subject_id = c.plant_id AND p.grain = '1h' AND p.start = c.start
        ))
      ) AS open
    FROM interval_changes c
      LEFT JOIN LATERAL (
        SELECT true AS queued FROM rollup_open_hour q WHERE c.grain = '1h' AND q.device_id = c.device_id AND q.start = c.start
      ) d ON true
      LEFT JOIN LATERAL (
        SELECT start FROM rollup_interval
        WHERE d.queued IS NULL AND subject_kind = 'device' AND subject_id = c.device_id AND grain = c.grain AND start = c.start OFFSET 0
      ) o ON true
  ),
  -- Open hours are queued, a row per device holding the hour's energy and samples: rollup_close_hours builds the
  -- hour when it has ended. The changes go in as they are, so a queued hour's update adds a negative one (a late
  -- sample taking energy from a later one); a new row's are not negative (its hour held nothing).
  queued AS (
    INSERT INTO rollup_open_hour AS q (device_id, start, plant_id, calendar_day, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples)
    SELECT device_id, start, plant_id, (start AT TIME ZONE zone)::date, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples
    FROM device_buckets WHERE open
    ON CONFLICT (device_id, start) DO UPDATE
      SET pv = greatest(q.pv + excluded.pv, 0), generation = greatest(q.generation + excluded.generation, 0),
        feedin = greatest(q.feedin + excluded.feedin, 0), grid_consumption = greatest(q.grid_consumption + excluded.grid_consumption, 0),
        loads = greatest(q.loads + excluded.loads, 0), charge = greatest(q.charge + excluded.charge, 0),
        discharge = greatest(q.discharge + excluded.discharge, 0), samples = q.samples + excluded.samples
  ),
  -- New buckets: a plain insert (rollup rows are written by rounds only, one round at a time); a bucket of one
  -- sample (the protocol's interval) keeps its values as they came.
  device_new AS (
    INSERT INTO rollup_interval (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples, sums, counts,
      changed_at)
    SELECT 'device', b.device_id, b.grain, b.start, greatest(b.pv, 0), greatest(b.generation, 0), greatest(b.feedin, 0),
      greatest(b.grid_consumption, 0), greatest(b.loads, 0), greatest(b.charge, 0), greatest(b.discharge, 0), b.samples, v.sums, v.counts,
      now()
    FROM device_buckets b
      CROSS JOIN LATERAL (
        SELECT b.parts[1], '{}'::jsonb WHERE b.samples = 1
        UNION ALL
        SELECT * FROM variables_of(NULL, NULL, NULL, b.samples, b.parts) WHERE b.samples > 1
      ) AS v(sums, counts)
    WHERE NOT b.existed AND NOT b.open
  ),
  -- Buckets a round made before: the changes added, the variables left as they were and marked pending when new
  -- samples came (a 5-minute bucket's summed from its raw samples, an hour's from its 5-minute rows, when it is closed).
  device_changed AS (
    INSERT INTO rollup_interval AS o (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples, sums, counts,
      sums_pending, changed_at)
    SELECT 'device', b.device_id, b.grain, b.start, b.pv, b.generation, b.feedin, b.grid_consumption, b.loads, b.charge, b.discharge,
      -- The row's variables stay as they are (the update below leaves them): '{}' only fills the insert's columns.
      b.samples, '{}', '{}', b.samples > 0, now()
    FROM device_buckets b
    WHERE b.existed
    -- The row is there (one round at a time): this is its update, by the primary key.
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
      SET pv = greatest(o.pv + excluded.pv, 0), generation = greatest(o.generation + excluded.generation, 0),
        feedin = greatest(o.feedin + excluded.feedin, 0), grid_consumption = greatest(o.grid_consumption + excluded.grid_consumption, 0),
        loads = greatest(o.loads + excluded.loads, 0), charge = greatest(o.charge + excluded.charge, 0),
        discharge = greatest(o.discharge + excluded.discharge, 0), samples = o.samples + excluded.samples,
        sums_pending = o.sums_pending OR excluded.sums_pending, changed_at = excluded.changed_at
  ),
  -- Plants' hours that are not open: the sums of their devices' changes (energy only).
  plant_hours AS (
    INSERT INTO rollup_interval AS h (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge, changed_at)
    SELECT 'plant', plant_id, '1h', start, sum(pv), sum(generation), sum(feedin), sum(grid_consumption), sum(loads), sum(charge), sum(discharge), now()
    FROM device_buckets WHERE grain = '1h' AND NOT open AND plant_id IS NOT NULL GROUP BY plant_id, start
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
      SET pv = greatest(h.pv + excluded.pv, 0), generation = greatest(h.generation + excluded.generation, 0),
        feedin = greatest(h.feedin + excluded.feedin, 0), grid_consumption = greatest(h.grid_consumption + excluded.grid_consumption, 0),
        loads = greatest(h.loads + excluded.loads, 0), charge = greatest(h.charge + excluded.charge, 0),
        discharge = greatest(h.discharge + excluded.discharge, 0), changed_at = excluded.changed_at
      WHERE excluded.pv <> 0 OR excluded.generation <> 0 OR excluded.feedin <> 0 OR excluded.grid_consumption <> 0
      OR excluded.loads <> 0 OR excluded.charge <> 0 OR excluded.discharge <> 0
  ),
  -- Ended hours' changes (a replay, a backfill, a late sample) go to the local days, months and years of devices
  -- and plants at once, as a round finds them (many samples of a day at a time).
  day_changes AS (
    SELECT device_id, plant_id, (start AT TIME ZONE zone)::date AS day, sum(pv) AS pv, sum(generation) AS generation, sum(feedin) AS feedin,
      sum(grid_consumption) AS grid_consumption, sum(loads) AS loads, sum(charge) AS charge, sum(discharge) AS discharge
    FROM device_buckets WHERE grain = '1h' AND NOT open GROUP BY device_id, plant_id, 3
  ),
  calendar_changes AS (
    SELECT s.kind, s.id AS subject_id, g.grain, date_trunc(g.grain, d.day)::date AS start, sum(d.pv) AS pv, sum(d.generation) AS generation,
      sum(d.feedin) AS feedin, sum(d.grid_consumption) AS grid_consumption, sum(d.loads) AS loads, sum(d.charge) AS charge, sum(d.discharge) AS discharge
    FROM day_changes d
      CROSS JOIN LATERAL (VALUES ('device', d.device_id), ('plant', d.plant_id)) AS s(kind, id)
      CROSS JOIN (VALUES ('day'), ('month'), ('year')) AS g(grain)
    WHERE s.id IS NOT NULL
    GROUP BY 1, 2, 3, 4
  ),
  calendar AS (
    INSERT INTO rollup_calendar AS c (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge)
    SELECT kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge FROM calendar_changes
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
      SET pv = greatest(c.pv + excluded.pv, 0), generation = greatest(c.generation + excluded.generation, 0),
        feedin = greatest(c.feedin + excluded.feedin, 0), grid_consumption = greatest(c.grid_consumption + excluded.grid_consumption, 0),
        loads = greatest(c.loads + excluded.loads, 0), charge = greatest(c.charge + excluded.charge, 0),
        discharge = greatest(c.discharge + excluded.discharge, 0)
      WHERE excluded.pv <> 0 OR excluded.generation <> 0 OR excluded.feedin <> 0 OR excluded.grid_consumption <> 0
        OR excluded.loads <> 0 OR excluded.charge <> 0 OR excluded.discharge <> 0
  )
  SELECT coalesce(jsonb_agg(DISTINCT plant_id) FILTER (WHERE plant_id IS NOT NULL), '[]'::jsonb) INTO plants FROM ranges;

  RETURN jsonb_build_object('more', closed = most_closed OR EXISTS (SELECT 1 FROM rollup_dirty WHERE id > bound), 'plants', plants);
END
$$ LANGUAGE plpgsql;
