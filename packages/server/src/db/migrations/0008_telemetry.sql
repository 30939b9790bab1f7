-- The live data loop (issue 4): connectivity of dataloggers, raw samples partitioned by month,
-- the latest values of every device, energy rollups per device and plant, and device events.

-- Telemetry refers to devices by a compact id, so it can be sharded by device later.
ALTER TABLE device ADD COLUMN id bigserial;
CREATE UNIQUE INDEX device_id_key ON device (id);

-- What the datalogger last said on dl/{sn}/up/status (its last will says offline).
ALTER TABLE datalogger ADD COLUMN online boolean NOT NULL DEFAULT false;
ALTER TABLE datalogger ADD COLUMN status_at timestamptz;
ALTER TABLE datalogger ADD COLUMN firmware text NOT NULL DEFAULT '';
ALTER TABLE datalogger ADD COLUMN ip text NOT NULL DEFAULT '';
ALTER TABLE datalogger ADD COLUMN signal double precision;

-- One row per (device, ts): whatever arrives twice is stored once. Monthly partitions are created
-- by the ingest before it writes into a month (telemetry_ensure_partition).
CREATE TABLE telemetry (
  device_id bigint NOT NULL,
  ts timestamptz NOT NULL,
  vars jsonb NOT NULL,
  PRIMARY KEY (device_id, ts)
) PARTITION BY RANGE (ts);

CREATE FUNCTION telemetry_ensure_partition(month date) RETURNS void AS $$
DECLARE
  first date := date_trunc('month', month)::date;
  name text := 'telemetry_' || to_char(first, 'YYYYMM');
BEGIN
  -- Several ingest processes may reach a new month at once.
  PERFORM pg_advisory_xact_lock(9, 0);
  IF to_regclass(name) IS NULL THEN
    EXECUTE format(
      'CREATE TABLE %I PARTITION OF telemetry FOR VALUES FROM (%L) TO (%L)',
      name, first::timestamp AT TIME ZONE 'UTC', (first + interval '1 month')::timestamp AT TIME ZONE 'UTC'
    );
  END IF;
END
$$ LANGUAGE plpgsql;

-- The newest value of every variable a device reported, for realtime views.
CREATE TABLE telemetry_latest (
  device_id bigint PRIMARY KEY,
  ts timestamptz NOT NULL,
  vars jsonb NOT NULL
);

-- Key-wise sum of two objects of numbers ({"a":1} + {"a":2,"b":1} = {"a":3,"b":1}).
CREATE FUNCTION jsonb_sum(a jsonb, b jsonb) RETURNS jsonb AS $$
DECLARE
  key text;
  value jsonb;
  total jsonb := coalesce(a, '{}');
BEGIN
  FOR key, value IN SELECT * FROM jsonb_each(coalesce(b, '{}')) LOOP
    total := jsonb_set(total, ARRAY[key], to_jsonb(coalesce((total ->> key)::double precision, 0) + (value #>> '{}')::double precision));
  END LOOP;
  RETURN total;
END
$$ LANGUAGE plpgsql IMMUTABLE;

-- Energy (kWh per counter) by 5 minutes and by local hour; for devices also the sums and counts of
-- every variable, so charts beyond a day read averages here instead of raw rows.
CREATE TABLE rollup_interval (
  subject_kind text NOT NULL CHECK (subject_kind IN ('device', 'plant')),
  subject_id bigint NOT NULL,
  grain text NOT NULL CHECK (grain IN ('5m', '1h')),
  start timestamptz NOT NULL,
  -- kWh per cumulative counter of protocol.md, in the period.
  pv double precision NOT NULL DEFAULT 0,
  generation double precision NOT NULL DEFAULT 0,
  feedin double precision NOT NULL DEFAULT 0,
  grid_consumption double precision NOT NULL DEFAULT 0,
  loads double precision NOT NULL DEFAULT 0,
  charge double precision NOT NULL DEFAULT 0,
  discharge double precision NOT NULL DEFAULT 0,
  sums jsonb NOT NULL DEFAULT '{}',
  counts jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (subject_kind, subject_id, grain, start)
);

-- Energy by local day, month and year of the plant's time zone.
CREATE TABLE rollup_calendar (
  subject_kind text NOT NULL CHECK (subject_kind IN ('device', 'plant')),
  subject_id bigint NOT NULL,
  grain text NOT NULL CHECK (grain IN ('day', 'month', 'year')),
  start date NOT NULL,
  -- kWh per cumulative counter of protocol.md, in the period.
  pv double precision NOT NULL DEFAULT 0,
  generation double precision NOT NULL DEFAULT 0,
  feedin double precision NOT NULL DEFAULT 0,
  grid_consumption double precision NOT NULL DEFAULT 0,
  loads double precision NOT NULL DEFAULT 0,
  charge double precision NOT NULL DEFAULT 0,
  discharge double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (subject_kind, subject_id, grain, start)
);

-- Fault codes raised and cleared by devices (dl/{sn}/up/event), stored once, for the alarm capability.
CREATE TABLE device_event (
  device_id bigint NOT NULL,
  ts timestamptz NOT NULL,
  code integer NOT NULL,
  state text NOT NULL CHECK (state IN ('raised', 'cleared')),
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, ts, code, state)
);
CREATE INDEX device_event_received_idx ON device_event (received_at);
