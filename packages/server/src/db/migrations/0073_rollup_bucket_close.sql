-- A 5-minute bucket that already holds samples keeps its variables as they were when a later round brings it more,
-- marked pending like an hour's (migration 0071), and rollup_close_hours sums them from the bucket's raw samples once it
-- has ended and rests (issue 17). At a cadence under 5 minutes nearly every sample joins a bucket a round made
-- before, and combining its variables with the bucket's stored sums (every key of both, twice: sums and counts) was
-- the largest part of a round: a round of 1,000 samples at 10 s took 159-199 ms with it and 83-123 ms with it left
-- out; summing the resting buckets later gives back much of that (every raw sample's variables read once more). At the
-- protocol's 5 minutes every sample opens a bucket of its own, as before. Readers (rollup_interval_now) sum a pending bucket's samples that the rollups
-- hold (their batch's mark claimed) from the raw rows, as they sum a pending hour's 5-minute rows. Figures in
-- ARCHITECTURE.md ("Rollups").

-- The variables of one device's samples in the 5-minute bucket from `bucket` that the rollups hold (their batch's
-- mark is no longer waiting), as its row keeps them: sums key by key, and counts naming only the variables some of
-- the `samples` lack. A function returning a table, so PostgreSQL inlines it.
CREATE FUNCTION bucket_variables(device_id bigint, bucket timestamptz, samples integer) RETURNS TABLE (sums jsonb, counts jsonb) STABLE AS $$
  SELECT coalesce(jsonb_object_agg(x.key, x.total), '{}'), coalesce(jsonb_object_agg(x.key, x.n) FILTER (WHERE x.n <> $3), '{}')
  FROM (
    SELECT kv.key, sum(kv.value::float8) AS total, count(*) AS n
    FROM telemetry t CROSS JOIN LATERAL jsonb_each(t.vars) kv
    WHERE t.device_id = $1 AND t.ts >= $2 AND t.ts < $2 + interval '5 minutes'
      -- A probe of the waiting marks' key per sample (OFFSET 0: not an anti-join hashing the whole queue per bucket).
      AND NOT EXISTS (SELECT 1 FROM rollup_dirty d WHERE d.id = t.mark_id OFFSET 0)
    GROUP BY kv.key
  ) x
$$ LANGUAGE sql;

-- The variables of a pending row (its callers call it for those only): a 5-minute bucket's from its raw samples, an
-- hour's from its 5-minute rows (OFFSET 0 keeps each filter on the grain a gate, so only the branch of the row's runs).
CREATE FUNCTION pending_variables(device_id bigint, grain text, start timestamptz, samples integer) RETURNS TABLE (sums jsonb, counts jsonb) STABLE AS $$
  (SELECT * FROM bucket_variables($1, $3, $4) WHERE $2 = '5m' OFFSET 0)
  UNION ALL
  (SELECT * FROM hour_variables($1, $3, $4) WHERE $2 = '1h' OFFSET 0)
$$ LANGUAGE sql;

-- hour_variables of migration 0072, with a pending 5-minute row's variables summed from its raw samples.
CREATE OR REPLACE FUNCTION hour_variables(device_id bigint, hour timestamptz, samples integer) RETURNS TABLE (sums jsonb, counts jsonb) STABLE AS $$
  SELECT coalesce(jsonb_object_agg(x.key, x.total), '{}'), coalesce(jsonb_object_agg(x.key, x.n) FILTER (WHERE x.n <> $3), '{}')
  FROM (
    SELECT kv.key, sum(kv.value::float8) AS total, sum(coalesce((b.counts ->> kv.key)::float8, f.samples)) AS n
    FROM rollup_interval f
      CROSS JOIN LATERAL (
        (SELECT f.sums, f.counts WHERE NOT f.sums_pending)
        UNION ALL
        (SELECT * FROM bucket_variables(f.subject_id, f.start, f.samples) WHERE f.sums_pending OFFSET 0)
      ) b
      CROSS JOIN LATERAL jsonb_each(b.sums) kv
    WHERE f.subject_kind = 'device' AND f.subject_id = $1 AND f.grain = '5m' AND f.start >= $2 AND f.start < $2 + interval '1 hour'
    GROUP BY kv.key
  ) x
$$ LANGUAGE sql;

-- Interval rollups as readers see them: a pending row's variables summed (pending_variables).
CREATE OR REPLACE VIEW rollup_interval_now AS
SELECT r.subject_kind, r.subject_id, r.grain, r.start, r.pv, r.generation, r.feedin, r.grid_consumption, r.loads, r.charge, r.discharge,
  r.samples, coalesce(v.sums, r.sums) AS sums, coalesce(v.counts, r.counts) AS counts
FROM rollup_interval r
  LEFT JOIN LATERAL (SELECT * FROM pending_variables(r.subject_id, r.grain, r.start, r.samples) WHERE r.sums_pending OFFSET 0) v ON true;

CREATE OR REPLACE FUNCTION rollup_close_hours(started_before timestamptz, changed_before timestamptz, most integer) RETURNS integer AS $$
  WITH picked AS (
    SELECT subject_kind, subject_id, grain, start, samples, sums_pending, calendar_pending, calendar_day, pending_pv, pending_generation,
      pending_feedin, pending_grid_consumption, pending_loads, pending_charge, pending_discharge
    FROM rollup_interval
    WHERE (sums_pending OR calendar_pending) AND start < started_before AND changed_at < changed_before
    LIMIT most
  ),
  closed AS (
    INSERT INTO rollup_interval AS h (subject_kind, subject_id, grain, start, sums, counts)
    SELECT p.subject_kind, p.subject_id, p.grain, p.start, coalesce(v.sums, '{}'), coalesce(v.counts, '{}')
    FROM picked p
      -- Only a pending row's variables are summed (OFFSET 0 keeps the filter on p a gate). An hour closed with its
      -- 5-minute rows reads them as the statement began, the pending ones summed from raw samples all the same.
      LEFT JOIN LATERAL (SELECT * FROM pending_variables(p.subject_id, p.grain, p.start, p.samples) WHERE p.sums_pending OFFSET 0) v ON true
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
      SET sums = CASE WHEN h.sums_pending THEN excluded.sums ELSE h.sums END,
        counts = CASE WHEN h.sums_pending THEN excluded.counts ELSE h.counts END,
        sums_pending = false, calendar_pending = false, pending_pv = 0, pending_generation = 0, pending_feedin = 0,
        pending_grid_consumption = 0, pending_loads = 0, pending_charge = 0, pending_discharge = 0
    RETURNING 1
  ),
  -- The closed hours' pending energy per subject and local day, month and year. A new calendar row is inserted
  -- even with no energy (a day with samples has its row), an existing one only changes when some energy does.
  calendar AS (
    INSERT INTO rollup_calendar AS c (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge)
    SELECT p.subject_kind, p.subject_id, g.grain, date_trunc(g.grain, p.calendar_day)::date, sum(p.pending_pv), sum(p.pending_generation),
      sum(p.pending_feedin), sum(p.pending_grid_consumption), sum(p.pending_loads), sum(p.pending_charge), sum(p.pending_discharge)
    FROM picked p CROSS JOIN (VALUES ('day'), ('month'), ('year')) AS g(grain)
    WHERE p.calendar_pending
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
      SET pv = greatest(c.pv + excluded.pv, 0), generation = greatest(c.generation + excluded.generation, 0),
        feedin = greatest(c.feedin + excluded.feedin, 0), grid_consumption = greatest(c.grid_consumption + excluded.grid_consumption, 0),
        loads = greatest(c.loads + excluded.loads, 0), charge = greatest(c.charge + excluded.charge, 0),
        discharge = greatest(c.discharge + excluded.discharge, 0)
      WHERE excluded.pv <> 0 OR excluded.generation <> 0 OR excluded.feedin <> 0 OR excluded.grid_consumption <> 0
        OR excluded.loads <> 0 OR excluded.charge <> 0 OR excluded.discharge <> 0
  )
  SELECT count(*)::int FROM closed
$$ LANGUAGE sql;

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

  -- Pending hours that have ended and rest get their variables first, also in a round with nothing new (a silent
  -- fleet's hours close too); another round follows at once while some are left.
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
  -- An hour that has not ended is open: its changes wait on its row for the calendar (pending_*).
  interval_changes AS (
    SELECT c.device_id, c.plant_id, c.zone, g.grain, g.start, g.open,
      sum(c.pv) AS pv, sum(c.generation) AS generation, sum(c.feedin) AS feedin, sum(c.grid_consumption) AS grid_consumption,
      sum(c.loads) AS loads, sum(c.charge) AS charge, sum(c.discharge) AS discharge,
      count(*) FILTER (WHERE c.new)::int AS samples, array_agg(c.vars) FILTER (WHERE c.new) AS parts,
      CASE WHEN g.open THEN sum(c.pv) ELSE 0 END AS pending_pv, CASE WHEN g.open THEN sum(c.generation) ELSE 0 END AS pending_generation,
      CASE WHEN g.open THEN sum(c.feedin) ELSE 0 END AS pending_feedin,
      CASE WHEN g.open THEN sum(c.grid_consumption) ELSE 0 END AS pending_grid_consumption,
      CASE WHEN g.open THEN sum(c.loads) ELSE 0 END AS pending_loads, CASE WHEN g.open THEN sum(c.charge) ELSE 0 END AS pending_charge,
      CASE WHEN g.open THEN sum(c.discharge) ELSE 0 END AS pending_discharge
    FROM changes c
      CROSS JOIN LATERAL (
        SELECT '5m', date_bin('5 minutes', c.ts, timestamptz 'epoch'), false
        UNION ALL
        SELECT '1h', h.start, h.start > now() - interval '1 hour' FROM (SELECT local_hour_start(c.ts, c.zone) AS start) h
      ) AS g(grain, start, open)
    WHERE c.new OR c.pv <> 0 OR c.generation <> 0 OR c.feedin <> 0 OR c.grid_consumption <> 0
      OR c.loads <> 0 OR c.charge <> 0 OR c.discharge <> 0
    GROUP BY c.device_id, c.plant_id, c.zone, g.grain, g.start, g.open
  ),
  -- Each changed bucket of a device, and whether a round made its row before (one index lookup).
  device_buckets AS (
    SELECT c.*, o.start IS NOT NULL AS existed
    FROM interval_changes c
      LEFT JOIN LATERAL (
        SELECT start FROM rollup_interval
        WHERE subject_kind = 'device' AND subject_id = c.device_id AND grain = c.grain AND start = c.start OFFSET 0
      ) o ON true
  ),
  -- New buckets: a plain insert (rollup rows are written by rounds only, one round at a time); a bucket of one
  -- sample (the protocol's interval) keeps its values as they came.
  device_new AS (
    INSERT INTO rollup_interval (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples, sums, counts,
      changed_at, calendar_day, calendar_pending, pending_pv, pending_generation, pending_feedin, pending_grid_consumption, pending_loads, pending_charge, pending_discharge)
    SELECT 'device', b.device_id, b.grain, b.start, greatest(b.pv, 0), greatest(b.generation, 0), greatest(b.feedin, 0),
      greatest(b.grid_consumption, 0), greatest(b.loads, 0), greatest(b.charge, 0), greatest(b.discharge, 0), b.samples, v.sums, v.counts,
      now(), (b.start AT TIME ZONE b.zone)::date, b.open, b.pending_pv, b.pending_generation, b.pending_feedin, b.pending_grid_consumption,
      b.pending_loads, b.pending_charge, b.pending_discharge
    FROM device_buckets b
      CROSS JOIN LATERAL (
        SELECT b.parts[1], '{}'::jsonb WHERE b.samples = 1
        UNION ALL
        -- Sums key by key, and counts naming only the variables some samples lack.
        SELECT coalesce(jsonb_object_agg(x.key, x.total), '{}'), coalesce(jsonb_object_agg(x.key, x.n) FILTER (WHERE x.n <> b.samples), '{}')
        FROM (
          SELECT kv.key, sum(kv.value::float8) AS total, count(*) AS n FROM unnest(b.parts) AS part, jsonb_each(part) kv GROUP BY kv.key
        ) x
        HAVING b.samples > 1
      ) AS v(sums, counts)
    WHERE NOT b.existed
  ),
  -- Buckets a round made before: the changes added, the variables left as they were and marked pending when new
  -- samples came (a 5-minute bucket's summed from its raw samples, an hour's from its 5-minute rows, when it is closed).
  device_changed AS (
    INSERT INTO rollup_interval AS o (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples, sums, counts,
      sums_pending, changed_at, calendar_day, calendar_pending, pending_pv, pending_generation, pending_feedin, pending_grid_consumption,
      pending_loads, pending_charge, pending_discharge)
    SELECT 'device', b.device_id, b.grain, b.start, b.pv, b.generation, b.feedin, b.grid_consumption, b.loads, b.charge, b.discharge,
      -- The row's variables stay as they are (the update below leaves them): '{}' only fills the insert's columns.
      b.samples, '{}', '{}', b.samples > 0, now(), (b.start AT TIME ZONE b.zone)::date, b.open,
      b.pending_pv, b.pending_generation, b.pending_feedin, b.pending_grid_consumption, b.pending_loads, b.pending_charge, b.pending_discharge
    FROM device_buckets b
    WHERE b.existed
    -- The row is there (one round at a time): this is its update, by the primary key.
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
      SET pv = greatest(o.pv + excluded.pv, 0), generation = greatest(o.generation + excluded.generation, 0),
        feedin = greatest(o.feedin + excluded.feedin, 0), grid_consumption = greatest(o.grid_consumption + excluded.grid_consumption, 0),
        loads = greatest(o.loads + excluded.loads, 0), charge = greatest(o.charge + excluded.charge, 0),
        discharge = greatest(o.discharge + excluded.discharge, 0), samples = o.samples + excluded.samples,
        sums_pending = o.sums_pending OR excluded.sums_pending, changed_at = excluded.changed_at, calendar_day = excluded.calendar_day,
        calendar_pending = o.calendar_pending OR excluded.calendar_pending, pending_pv = o.pending_pv + excluded.pending_pv,
        pending_generation = o.pending_generation + excluded.pending_generation, pending_feedin = o.pending_feedin + excluded.pending_feedin,
        pending_grid_consumption = o.pending_grid_consumption + excluded.pending_grid_consumption,
        pending_loads = o.pending_loads + excluded.pending_loads, pending_charge = o.pending_charge + excluded.pending_charge,
        pending_discharge = o.pending_discharge + excluded.pending_discharge
  ),
  -- Plants' hours: the sums of their devices' changes (energy only), an open hour's pending as a device hour's.
  plant_hours AS (
    INSERT INTO rollup_interval AS h (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge,
      changed_at, calendar_day, calendar_pending, pending_pv, pending_generation, pending_feedin, pending_grid_consumption, pending_loads, pending_charge, pending_discharge)
    SELECT 'plant', plant_id, '1h', start, sum(pv), sum(generation), sum(feedin), sum(grid_consumption), sum(loads), sum(charge), sum(discharge),
      now(), (start AT TIME ZONE zone)::date, open, sum(pending_pv), sum(pending_generation), sum(pending_feedin), sum(pending_grid_consumption),
      sum(pending_loads), sum(pending_charge), sum(pending_discharge)
    FROM interval_changes WHERE grain = '1h' AND plant_id IS NOT NULL GROUP BY plant_id, zone, start, open
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
      SET pv = greatest(h.pv + excluded.pv, 0), generation = greatest(h.generation + excluded.generation, 0),
        feedin = greatest(h.feedin + excluded.feedin, 0), grid_consumption = greatest(h.grid_consumption + excluded.grid_consumption, 0),
        loads = greatest(h.loads + excluded.loads, 0), charge = greatest(h.charge + excluded.charge, 0),
        discharge = greatest(h.discharge + excluded.discharge, 0), changed_at = excluded.changed_at, calendar_day = excluded.calendar_day,
        calendar_pending = h.calendar_pending OR excluded.calendar_pending, pending_pv = h.pending_pv + excluded.pending_pv,
        pending_generation = h.pending_generation + excluded.pending_generation, pending_feedin = h.pending_feedin + excluded.pending_feedin,
        pending_grid_consumption = h.pending_grid_consumption + excluded.pending_grid_consumption,
        pending_loads = h.pending_loads + excluded.pending_loads, pending_charge = h.pending_charge + excluded.pending_charge,
        pending_discharge = h.pending_discharge + excluded.pending_discharge
      WHERE excluded.pv <> 0 OR excluded.generation <> 0 OR excluded.feedin <> 0 OR excluded.grid_consumption <> 0
      OR excluded.loads <> 0 OR excluded.charge <> 0 OR excluded.discharge <> 0
  ),
  -- Ended hours' changes (a replay, a backfill, a late sample) go to the local days, months and years of devices
  -- and plants at once, as a round finds them (many samples of a day at a time).
  day_changes AS (
    SELECT device_id, plant_id, (start AT TIME ZONE zone)::date AS day, sum(pv) AS pv, sum(generation) AS generation, sum(feedin) AS feedin,
      sum(grid_consumption) AS grid_consumption, sum(loads) AS loads, sum(charge) AS charge, sum(discharge) AS discharge
    FROM interval_changes WHERE grain = '1h' AND NOT open GROUP BY device_id, plant_id, 3
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
