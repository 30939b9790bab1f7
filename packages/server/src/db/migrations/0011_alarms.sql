-- Alarms (issue 5): what is wrong now and what was wrong, raised by device events (protocol.md
-- dl/{sn}/up/event) or by the platform's rules. An alarm is about a device, or about a datalogger
-- itself (device_id null). A code raised again soon after it cleared reopens its alarm and counts an
-- occurrence (flapping folds into one alarm).
CREATE TABLE alarm (
  id bigserial PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('device', 'rule')),
  code integer NOT NULL,
  severity text NOT NULL CHECK (severity IN ('warning', 'fault')),
  datalogger_sn text NOT NULL REFERENCES datalogger (sn) ON DELETE CASCADE,
  device_id bigint REFERENCES device (id) ON DELETE CASCADE,
  -- The plant when it was raised, for the plant filter; the scope follows the device or datalogger.
  plant_id bigint REFERENCES plant (id) ON DELETE SET NULL,
  raised_at timestamptz NOT NULL,
  last_raised_at timestamptz NOT NULL,
  cleared_at timestamptz,
  occurrences integer NOT NULL DEFAULT 1,
  acked_at timestamptz,
  acked_by bigint REFERENCES account (id),
  ack_comment text
);
-- At most one active alarm per subject, source and code.
CREATE UNIQUE INDEX alarm_active_idx ON alarm (datalogger_sn, coalesce(device_id, 0), source, code) WHERE cleared_at IS NULL;
-- The latest alarm of a device's code (events fold into it).
CREATE INDEX alarm_subject_idx ON alarm (datalogger_sn, device_id, source, code, last_raised_at DESC);
-- Pages of the lists, newest first, fleet-wide or per plant.
CREATE INDEX alarm_raised_idx ON alarm (raised_at DESC, id DESC);
CREATE INDEX alarm_plant_idx ON alarm (plant_id, raised_at DESC, id DESC);
CREATE INDEX alarm_device_idx ON alarm (device_id, raised_at DESC);
-- Statuses of plants and devices (normal, alarm, fault, offline) look at the active alarms only.
CREATE INDEX alarm_active_plant_idx ON alarm (plant_id, severity) WHERE cleared_at IS NULL;
CREATE INDEX alarm_active_device_idx ON alarm (device_id) WHERE cleared_at IS NULL;

-- A raise this soon after the clear of the same code reopens that alarm instead of opening another.
CREATE FUNCTION alarm_flap_window() RETURNS interval AS $$ SELECT interval '10 minutes' $$ LANGUAGE sql IMMUTABLE;

-- Stores device events (each once, whatever arrives twice) and applies the new ones to the alarms in
-- time order: a raise opens an alarm, or reopens the one of the same code cleared within the flap
-- window; a clear closes the active one. An event older than the alarm's last change is kept in
-- device_event but changes no alarm (a replay of what is known). `events`: [{device_id, ts (ms),
-- code, state, severity}]. Answers the number of alarms opened, reopened or cleared.
CREATE FUNCTION apply_device_events(events jsonb) RETURNS integer AS $$
DECLARE
  e record;
  subject record;
  latest alarm%ROWTYPE;
  changed integer := 0;
BEGIN
  FOR e IN
    SELECT x.device_id, to_timestamp(x.ts / 1000.0) AS ts, x.code, x.state, x.severity
    FROM jsonb_to_recordset(events) AS x(device_id bigint, ts float8, code int, state text, severity text)
    ORDER BY x.ts, x.state DESC -- a raise and a clear at one instant: the raise first
  LOOP
    INSERT INTO device_event (device_id, ts, code, state) VALUES (e.device_id, e.ts, e.code, e.state) ON CONFLICT DO NOTHING;
    CONTINUE WHEN NOT FOUND;
    SELECT d.datalogger_sn, d.plant_id INTO subject FROM device d WHERE d.id = e.device_id;
    SELECT * INTO latest FROM alarm a
      WHERE a.datalogger_sn = subject.datalogger_sn AND a.device_id = e.device_id AND a.source = 'device' AND a.code = e.code
      ORDER BY a.last_raised_at DESC LIMIT 1 FOR UPDATE;
    IF e.state = 'raised' THEN
      IF FOUND AND (latest.cleared_at IS NULL OR e.ts < latest.cleared_at) THEN
        CONTINUE; -- still raised, or older than its clear
      ELSIF FOUND AND e.ts < latest.cleared_at + alarm_flap_window() THEN
        UPDATE alarm SET cleared_at = NULL, last_raised_at = e.ts, occurrences = occurrences + 1 WHERE id = latest.id;
      ELSE
        INSERT INTO alarm (source, code, severity, datalogger_sn, device_id, plant_id, raised_at, last_raised_at)
        VALUES ('device', e.code, e.severity, subject.datalogger_sn, e.device_id, subject.plant_id, e.ts, e.ts);
      END IF;
    ELSE
      CONTINUE WHEN NOT FOUND OR latest.cleared_at IS NOT NULL OR e.ts < latest.last_raised_at;
      UPDATE alarm SET cleared_at = e.ts WHERE id = latest.id;
    END IF;
    changed := changed + 1;
  END LOOP;
  RETURN changed;
END
$$ LANGUAGE plpgsql;
