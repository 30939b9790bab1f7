-- Issue 17: the close is PL/pgSQL instead of SQL, with the same statement. A SQL function's statement is planned at every
-- call, and every rollup round calls the close, also when nothing waits: on a slow machine (hello world 7,688 req/s) an
-- idle close took about 5 ms in psql, nearly all of it planning, and an idle round as much; PL/pgSQL keeps the plan per
-- connection as a prepared statement's (after five custom plans, the generic one): 0.8-1 ms. At a round a second that
-- is about 4 µs of PostgreSQL a message at 1,000 messages/s, and 4 ms a second of the embedded database's one thread on
-- an idle fleet. What it closes and answers is as in migration 0075.
CREATE OR REPLACE FUNCTION rollup_close_hours(started_before timestamptz, changed_before timestamptz, most integer) RETURNS integer AS $$
DECLARE
  written integer;
BEGIN
  WITH picked AS (
    SELECT subject_kind, subject_id, grain, start, samples
    FROM rollup_interval
    WHERE sums_pending AND start < started_before AND changed_at < changed_before
    LIMIT most
  ),
  summed AS (
    INSERT INTO rollup_interval AS h (subject_kind, subject_id, grain, start, sums, counts)
    SELECT p.subject_kind, p.subject_id, p.grain, p.start, v.sums, v.counts
    FROM picked p CROSS JOIN LATERAL pending_variables(p.subject_id, p.grain, p.start, p.samples) v
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE SET sums = excluded.sums, counts = excluded.counts, sums_pending = false
    RETURNING 1
  ),
  -- Whole plant hours (or a plant-less device's), the earliest first.
  ended AS MATERIALIZED (
    SELECT DISTINCT plant_id, CASE WHEN plant_id IS NULL THEN device_id END AS device_id, start
    FROM (
      SELECT plant_id, device_id, start FROM rollup_open_hour
      WHERE start < least(started_before, changed_before - interval '1 hour') ORDER BY start LIMIT most
    ) x
  ),
  -- Each queued row looked up in two hashes of the ended hours (a join on either key rescanned them per row: 1,000
  -- hours took 470 ms).
  queued AS (
    DELETE FROM rollup_open_hour q
    WHERE q.start <= (SELECT max(start) FROM ended)
      AND ((q.plant_id, q.start) IN (SELECT plant_id, start FROM ended) OR (q.device_id, q.start) IN (SELECT device_id, start FROM ended))
    RETURNING q.*
  ),
  device_hours AS (
    INSERT INTO rollup_interval (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge,
      samples, sums, counts, changed_at)
    SELECT 'device', h.device_id, '1h', h.start, h.pv, h.generation, h.feedin, h.grid_consumption, h.loads, h.charge, h.discharge,
      h.samples, v.sums, v.counts, now()
    FROM queued h CROSS JOIN LATERAL hour_variables(h.device_id, h.start, h.samples) v
    -- Queued hours have no row (a round writes a device's hour or queues it, never both).
    ON CONFLICT (subject_kind, subject_id, grain, start) DO NOTHING
    RETURNING 1
  ),
  plant_hours AS (
    INSERT INTO rollup_interval AS r (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge, changed_at)
    SELECT 'plant', plant_id, '1h', start, sum(pv), sum(generation), sum(feedin), sum(grid_consumption), sum(loads), sum(charge), sum(discharge), now()
    FROM queued WHERE plant_id IS NOT NULL GROUP BY plant_id, start
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
      SET pv = r.pv + excluded.pv, generation = r.generation + excluded.generation, feedin = r.feedin + excluded.feedin,
        grid_consumption = r.grid_consumption + excluded.grid_consumption, loads = r.loads + excluded.loads,
        charge = r.charge + excluded.charge, discharge = r.discharge + excluded.discharge
    RETURNING 1
  ),
  -- A new calendar row is inserted even with no energy (a day with samples has its row), an existing one only
  -- changes when some energy does.
  calendar AS (
    INSERT INTO rollup_calendar AS c (subject_kind, subject_id, grain, start, pv, generation, feedin, grid_consumption, loads, charge, discharge)
    SELECT s.kind, s.id, g.grain, date_trunc(g.grain, h.calendar_day)::date, sum(h.pv), sum(h.generation), sum(h.feedin),
      sum(h.grid_consumption), sum(h.loads), sum(h.charge), sum(h.discharge)
    FROM queued h
      CROSS JOIN LATERAL (VALUES ('device', h.device_id), ('plant', h.plant_id)) AS s(kind, id)
      CROSS JOIN (VALUES ('day'), ('month'), ('year')) AS g(grain)
    WHERE s.id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (subject_kind, subject_id, grain, start) DO UPDATE
      SET pv = c.pv + excluded.pv, generation = c.generation + excluded.generation, feedin = c.feedin + excluded.feedin,
        grid_consumption = c.grid_consumption + excluded.grid_consumption, loads = c.loads + excluded.loads,
        charge = c.charge + excluded.charge, discharge = c.discharge + excluded.discharge
      WHERE excluded.pv <> 0 OR excluded.generation <> 0 OR excluded.feedin <> 0 OR excluded.grid_consumption <> 0
        OR excluded.loads <> 0 OR excluded.charge <> 0 OR excluded.discharge <> 0
  )
  SELECT ((SELECT count(*) FROM summed) + (SELECT count(*) FROM device_hours) + (SELECT count(*) FROM plant_hours))::int INTO written;
  RETURN written;
END
$$ LANGUAGE plpgsql;
