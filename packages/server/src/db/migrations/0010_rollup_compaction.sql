-- Rollups are recomputed from raw samples by a compaction job instead of corrected inside every
-- ingest transaction (issue 4: the ingest writes raw rows and latest values only, which keeps it
-- within its throughput and CPU budgets; the job folds what changed into the rollups in SQL).

-- What the ingest stored and the rollups do not reflect yet: one row per batch and device, with the
-- time range and number of its new samples. Append-only, so ingest transactions never wait on the job.
CREATE TABLE rollup_dirty (
  id bigserial PRIMARY KEY,
  device_id bigint NOT NULL,
  low timestamptz NOT NULL,
  high timestamptz NOT NULL,
  samples integer NOT NULL
);

-- Energy a cumulative counter gained between two consecutive samples (protocol.md): a drop is a
-- reset, so the new reading is what the device counted since, unless the drop is measurement jitter
-- (at most 0.01 kWh or 0.1% of the reading). Never negative; a missing reading counts nothing.
CREATE FUNCTION counter_increase(previous double precision, current double precision) RETURNS double precision AS $$
  SELECT CASE
    WHEN previous IS NULL OR current IS NULL THEN 0
    WHEN current >= previous THEN current - previous
    WHEN previous - current <= 0.01 OR previous - current <= previous * 0.001 THEN 0
    ELSE current
  END
$$ LANGUAGE sql IMMUTABLE;

-- The instant the local hour of `ts` began in `zone`. Both 02:00 hours of a night that falls back
-- stay apart, and zones at half or quarter hours get their own hours. STABLE like the timestamptz
-- arithmetic inside, so PostgreSQL inlines it into queries instead of calling it per row.
CREATE FUNCTION local_hour_start(ts timestamptz, zone text) RETURNS timestamptz AS $$
  SELECT ts - ((ts AT TIME ZONE zone) - date_trunc('hour', ts AT TIME ZONE zone))
$$ LANGUAGE sql STABLE;

-- Samples in an interval bucket. `counts` now names only the variables missing from some of them
-- (a variable's count is `counts` ->> name, else `samples`), so a bucket of one sample stores its
-- values as they came. Rows of earlier versions (samples 0) name every variable in `counts`.
ALTER TABLE rollup_interval ADD COLUMN samples integer NOT NULL DEFAULT 0;

-- Rollups are replaced rather than corrected, so the old correction helper has no caller left.
DROP FUNCTION jsonb_sum(jsonb, jsonb);
