-- A device's hourly variables are folded once the hour is over, not at every new sample (issue 17).
-- A round merged the variables of every hour a sample touched with what its 5-minute rows changed:
-- jsonb to float and back for 20 variables, twice per sample, 105 of a round's 273 ms for 1,000
-- samples (auto_explain). Now a round keeps an hour's energy and samples current and leaves its
-- variables unset (NULL); rollup_hour_variables folds them from the hour's 5-minute rows once the
-- device has reported in a later hour, so an hour's twelve samples cost one fold. A device's newest
-- hour (and the last of a device gone silent) stays unfolded: a history read folds what it reads of
-- those itself (monitoring/repo.ts), at most an hour per device. Hourly variables
-- feed only history charts beyond two weeks; energy (hours, days, months, years) is as before.

ALTER TABLE rollup_interval ALTER COLUMN sums DROP NOT NULL, ALTER COLUMN counts DROP NOT NULL;
-- The hours whose variables wait to be folded.
CREATE INDEX rollup_interval_unfolded ON rollup_interval (start) WHERE sums IS NULL;

CREATE OR REPLACE FUNCTION rollup_round(samples_per_round integer, marks_per_round integer) RETURNS jsonb
SET jit = off -- short statements: compiling them would cost more than it saves
AS $$
DECLARE
  -- Devices whose 5-minute buckets a round recomputes: [{subject_id, plant_id, zone, from_ms, to_ms}].
  device_ranges jsonb;
  marks_left boolean;
BEGIN
  -- One round at a time across processes (per schema: tests share a server).
  IF NOT pg_try_advisory_xact_lock(10, hashtext(current_schema())) THEN
    RETURN jsonb_build_object('more', false, 'plants', '[]'::jsonb);
  END IF;

  -- Claims marks (deletes them) up to the round's share of samples, the oldest first: every mark up to
  -- the last id within the share, a bound computed once; a new sample changes its own bucket and the
  -- one of the sample after the range (their pair).
  WITH claimed AS (
    DELETE FROM rollup_dirty WHERE id <= (
      SELECT max(id) FROM (SELECT id, samples, sum(samples) OVER (ORDER BY id) AS running FROM rollup_dirty ORDER BY id LIMIT marks_per_round) x
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

  -- One statement: every part sees the rows as they were before it, so `changes` is what the
  -- recomputed 5-minute rows add to the rows above them. Each subject's rows are reached through a
  -- LATERAL subquery fenced by OFFSET 0 (migration 0021: an index lookup per subject whatever the
  -- statistics say), or through ON CONFLICT, which looks up the primary key.
  WITH r AS (
    SELECT subject_id, plant_id, zone, to_timestamp(from_ms / 1000.0) AS t_from, to_timestamp(to_ms / 1000.0) AS t_to
    FROM jsonb_to_recordset(device_ranges) AS x(subject_id bigint, plant_id bigint, zone text, from_ms float8, to_ms float8)
  ),
  -- The samples of each range, from the one before it (its first pair), with their counter readings.
  readings AS (
    SELECT r.subject_id, r.plant_id, r.zone, r.t_from, t.ts, t.vars,
      (t.vars ->> 'PVEnergyTotal')::float8 AS pv, (t.vars ->> 'generationTotal')::float8 AS generation,
      (t.vars ->> 'feedinTotal')::float8 AS feedin, (t.vars ->> 'gridConsumptionTotal')::float8 AS grid_consumption,
      (t.vars ->> 'loadsTotal')::float8 AS loads, (t.vars ->> 'chargeEnergyTotal')::float8 AS charge,
      (t.vars ->> 'dischargeEnergyTotal')::float8 AS discharge
    FROM r CROSS JOIN LATERAL (SELECT * FROM telemetry WHERE device_id = r.subject_id
      AND ts >= coalesce((SELECT max(p.ts) FROM telemetry p WHERE p.device_id = r.subject_id AND p.ts < r.t_from), r.t_from)
      AND ts < r.t_to OFFSET 0) t
  ),
  -- Energy of each consecutive pair, in the later sample's bucket.
  paired AS (
    SELECT subject_id, plant_id, zone, t_from, ts, vars,
      counter_increase(lag(pv) OVER w, pv) AS pv, counter_increase(lag(generation) OVER w, generation) AS generation,
      counter_increase(lag(feedin) OVER w, feedin) AS feedin,
      counter_increase(lag(grid_consumption) OVER w, grid_consumption) AS grid_consumption,
      counter_increase(lag(loads) OVER w, loads) AS loads, counter_increase(lag(charge) OVER w, charge) AS charge,
      counter_increase(lag(discharge) OVER w, discharge) AS discharge
    FROM readings WINDOW w AS (PARTITION BY subject_id ORDER BY ts)
  ),
  grouped AS (
    SELECT subject_id, plant_id, zone, date_bin('5 minutes', ts, timestamptz 'epoch') AS start, count(*)::int AS samples,
      sum(pv) AS pv, sum(generation) AS generation, sum(feedin) AS feedin, sum(grid_consumption) AS grid_consumption,
      sum(loads) AS loads, sum(charge) AS charge, sum(discharge) AS discharge, array_agg(vars) AS parts
    FROM paired WHERE ts >= t_from GROUP BY subject_id, plant_id, zone, 4
  ),
  -- The recomputed 5-minute rows: a bucket of one sample (the protocol's interval) keeps its values as they came.
  fresh AS (
    SELECT subject_id, plant_id, zone, start, samples, pv, generation, feedin, grid_consumption, loads, charge, discharge,
      CASE WHEN samples = 1 THEN parts[1] ELSE v -> 'sums' END AS sums, CASE WHEN samples = 1 THEN '{}'::jsonb ELSE v -> 'counts' END AS counts
    FROM (
      SELECT *, CASE WHEN samples > 1 THEN
        rollup_combine(parts, array_fill('{}'::jsonb, ARRAY[samples]), array_fill(1, ARRAY[samples]), array_fill(1, ARRAY[samples])) END AS v
      FROM grouped
    ) g
  ),
  stored AS (
    INSERT INTO rollup_interval (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples, sums, counts)
    SELECT 'device', subject_id, '5m', start, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples, sums, counts FROM fresh
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
      SET pv = excluded.pv, generation = excluded.generation, feedin = excluded.feedin, grid_consumption = excluded.grid_consumption,
        loads = excluded.loads, charge = excluded.charge, discharge = excluded.discharge, samples = excluded.samples, sums = excluded.sums, counts = excluded.counts
  ),
  -- What each recomputed 5-minute row changed in energy and samples: all of it where the bucket is new.
  changes AS (
    SELECT f.subject_id, f.plant_id, f.zone, f.start,
      f.pv - coalesce(o.pv, 0) AS pv, f.generation - coalesce(o.generation, 0) AS generation, f.feedin - coalesce(o.feedin, 0) AS feedin,
      f.grid_consumption - coalesce(o.grid_consumption, 0) AS grid_consumption, f.loads - coalesce(o.loads, 0) AS loads,
      f.charge - coalesce(o.charge, 0) AS charge, f.discharge - coalesce(o.discharge, 0) AS discharge,
      f.samples - coalesce(o.samples, 0) AS samples
    FROM fresh f
      LEFT JOIN LATERAL (SELECT * FROM rollup_interval WHERE subject_kind = 'device' AND subject_id = f.subject_id AND grain = '5m' AND start = f.start OFFSET 0) o ON true
  ),
  -- Per device and local hour (the 02:00 hours of a night that falls back stay apart): energy and
  -- samples as they were plus the changes. The hour's variables are left unset (NULL): its 5-minute
  -- rows changed, and rollup_hour_variables folds them once the hour is over.
  hour_changes AS (
    SELECT subject_id, plant_id, local_hour_start(start, zone) AS start, min(zone) AS zone,
      sum(pv) AS pv, sum(generation) AS generation, sum(feedin) AS feedin, sum(grid_consumption) AS grid_consumption,
      sum(loads) AS loads, sum(charge) AS charge, sum(discharge) AS discharge, sum(samples)::int AS samples
    FROM changes GROUP BY subject_id, plant_id, 3
  ),
  hours AS (
    SELECT c.subject_id, c.start,
      coalesce(o.pv, 0) + c.pv AS pv, coalesce(o.generation, 0) + c.generation AS generation, coalesce(o.feedin, 0) + c.feedin AS feedin,
      coalesce(o.grid_consumption, 0) + c.grid_consumption AS grid_consumption, coalesce(o.loads, 0) + c.loads AS loads,
      coalesce(o.charge, 0) + c.charge AS charge, coalesce(o.discharge, 0) + c.discharge AS discharge,
      coalesce(o.samples, 0) + c.samples AS samples
    FROM hour_changes c
      LEFT JOIN LATERAL (SELECT * FROM rollup_interval WHERE subject_kind = 'device' AND subject_id = c.subject_id AND grain = '1h' AND start = c.start OFFSET 0) o ON true
  ),
  device_hours AS (
    INSERT INTO rollup_interval (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge, samples, sums, counts)
    SELECT 'device', subject_id, '1h', start, greatest(pv, 0), greatest(generation, 0), greatest(feedin, 0), greatest(grid_consumption, 0),
      greatest(loads, 0), greatest(charge, 0), greatest(discharge, 0), samples, NULL, NULL
    FROM hours
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
      SET pv = excluded.pv, generation = excluded.generation, feedin = excluded.feedin, grid_consumption = excluded.grid_consumption,
        loads = excluded.loads, charge = excluded.charge, discharge = excluded.discharge, samples = excluded.samples, sums = NULL, counts = NULL
  ),
  -- Plants' hours: the sums of their devices' changes (energy only).
  plant_hours AS (
    INSERT INTO rollup_interval AS h (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge)
    SELECT 'plant', plant_id, '1h', start, sum(pv), sum(generation), sum(feedin), sum(grid_consumption), sum(loads), sum(charge), sum(discharge)
    FROM hour_changes WHERE plant_id IS NOT NULL GROUP BY plant_id, start
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
      SET pv = greatest(h.pv + excluded.pv, 0), generation = greatest(h.generation + excluded.generation, 0),
        feedin = greatest(h.feedin + excluded.feedin, 0), grid_consumption = greatest(h.grid_consumption + excluded.grid_consumption, 0),
        loads = greatest(h.loads + excluded.loads, 0), charge = greatest(h.charge + excluded.charge, 0),
        discharge = greatest(h.discharge + excluded.discharge, 0)
  ),
  -- Local days, months and years of devices and plants.
  day_changes AS (
    SELECT subject_id, plant_id, (start AT TIME ZONE zone)::date AS day, sum(pv) AS pv, sum(generation) AS generation, sum(feedin) AS feedin,
      sum(grid_consumption) AS grid_consumption, sum(loads) AS loads, sum(charge) AS charge, sum(discharge) AS discharge
    FROM hour_changes GROUP BY subject_id, plant_id, 3
  ),
  calendar_changes AS (
    SELECT s.kind, s.id AS subject_id, g.grain, date_trunc(g.grain, d.day)::date AS start, sum(d.pv) AS pv, sum(d.generation) AS generation,
      sum(d.feedin) AS feedin, sum(d.grid_consumption) AS grid_consumption, sum(d.loads) AS loads, sum(d.charge) AS charge, sum(d.discharge) AS discharge
    FROM day_changes d
      CROSS JOIN LATERAL (VALUES ('device', d.subject_id), ('plant', d.plant_id)) AS s(kind, id)
      CROSS JOIN (VALUES ('day'), ('month'), ('year')) AS g(grain)
    WHERE s.id IS NOT NULL
    GROUP BY 1, 2, 3, 4
  )
  INSERT INTO rollup_calendar AS c (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge)
  SELECT kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge FROM calendar_changes
  ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
    SET pv = greatest(c.pv + excluded.pv, 0), generation = greatest(c.generation + excluded.generation, 0),
      feedin = greatest(c.feedin + excluded.feedin, 0), grid_consumption = greatest(c.grid_consumption + excluded.grid_consumption, 0),
      loads = greatest(c.loads + excluded.loads, 0), charge = greatest(c.charge + excluded.charge, 0),
      discharge = greatest(c.discharge + excluded.discharge, 0);

  RETURN jsonb_build_object('more', marks_left,
    'plants', (SELECT coalesce(jsonb_agg(DISTINCT x.plant_id), '[]'::jsonb) FROM jsonb_to_recordset(device_ranges) AS x(plant_id bigint) WHERE x.plant_id IS NOT NULL));
END
$$ LANGUAGE plpgsql;


-- Folds the variables of up to `max_hours` device hours left unset, the oldest first: those of a
-- device that has reported in a later hour (with `newest`, every one). From the hour's
-- 5-minute rows, combined as rollup_combine does. Holds the rounds' lock, so no round changes an
-- hour's 5-minute rows while they are folded. Answers how many hours it folded.
CREATE FUNCTION rollup_hour_variables(newest boolean, max_hours integer) RETURNS integer
SET jit = off
AS $$
DECLARE
  folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(10, hashtext(current_schema())) THEN
    RETURN 0;
  END IF;
  WITH due AS (
    SELECT h.subject_id, h.start FROM rollup_interval h
    WHERE h.sums IS NULL AND h.subject_kind = 'device' AND h.grain = '1h'
      AND (newest
        OR h.start < (SELECT max(l.start) FROM rollup_interval l WHERE l.subject_kind = 'device' AND l.subject_id = h.subject_id AND l.grain = '1h'))
    ORDER BY h.start
    LIMIT max_hours
  ),
  combined AS (
    SELECT d.subject_id, d.start, p.v
    FROM due d CROSS JOIN LATERAL (
      SELECT rollup_combine(array_agg(f.sums), array_agg(f.counts), array_agg(f.samples), array_agg(1)) AS v
      FROM rollup_interval f
      WHERE f.subject_kind = 'device' AND f.subject_id = d.subject_id AND f.grain = '5m'
        AND f.start >= d.start AND f.start < d.start + interval '1 hour'
    ) p
  )
  UPDATE rollup_interval h SET sums = coalesce(c.v -> 'sums', '{}'), counts = coalesce(c.v -> 'counts', '{}')
  FROM combined c
  WHERE h.subject_kind = 'device' AND h.subject_id = c.subject_id AND h.grain = '1h' AND h.start = c.start;
  GET DIAGNOSTICS folded = ROW_COUNT;
  RETURN folded;
END
$$ LANGUAGE plpgsql;
