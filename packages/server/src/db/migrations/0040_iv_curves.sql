-- I-V curve diagnosis (issue 24).
--
-- An inverter's strings as installed: modules in series and strings in parallel per input, and the module's
-- datasheet values; the expected curve of every scan is drawn from them.
CREATE TABLE pv_string_config (
  device_sn text PRIMARY KEY REFERENCES device(sn) ON DELETE CASCADE,
  strings jsonb NOT NULL,
  module jsonb NOT NULL,
  updated_by bigint NOT NULL REFERENCES account(id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A scan task: chosen inverters or plants' inverters, one scan each.
CREATE TABLE iv_scan_task (
  id bigserial PRIMARY KEY,
  organisation_id bigint NOT NULL REFERENCES organisation(id),
  created_by bigint NOT NULL REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One inverter's scan in a task: its iv.scan command (none when its strings were not configured), the
-- configuration it was scanned with, and its state: 'scanning' until the command finished and its curves
-- are stored (the collect job), then 'done' or 'failed'.
CREATE TABLE iv_scan (
  id bigserial PRIMARY KEY,
  task_id bigint NOT NULL REFERENCES iv_scan_task(id) ON DELETE CASCADE,
  device_sn text NOT NULL REFERENCES device(sn) ON DELETE CASCADE,
  command_id uuid REFERENCES device_command(id) ON DELETE SET NULL,
  config jsonb,
  state text NOT NULL CHECK (state IN ('unconfigured', 'scanning', 'done', 'failed')),
  error text,
  finished_at timestamptz
);
CREATE INDEX iv_scan_task_devices ON iv_scan (task_id, id);
CREATE INDEX iv_scan_open ON iv_scan (command_id) WHERE state = 'scanning';
CREATE INDEX iv_scan_device ON iv_scan (device_sn, finished_at DESC) WHERE state = 'done';

-- A string's curve of a scan, its key points (null: no curve, an open string) and its diagnosis.
CREATE TABLE iv_string_result (
  scan_id bigint NOT NULL REFERENCES iv_scan(id) ON DELETE CASCADE,
  string smallint NOT NULL,
  points jsonb NOT NULL,
  irradiance real,
  temperature real,
  key_points jsonb,
  cause text NOT NULL,
  features jsonb NOT NULL,
  PRIMARY KEY (scan_id, string)
);
CREATE INDEX iv_string_result_faulty ON iv_string_result (scan_id) WHERE cause NOT IN ('normal', 'lowLight');

-- Cleanings of strings, so a diagnosis says whether the string was cleaned since its scan.
CREATE TABLE pv_string_cleaning (
  id bigserial PRIMARY KEY,
  device_sn text NOT NULL REFERENCES device(sn) ON DELETE CASCADE,
  string smallint NOT NULL,
  cleaned_at timestamptz NOT NULL,
  recorded_by bigint NOT NULL REFERENCES account(id)
);
CREATE INDEX pv_string_cleaning_newest ON pv_string_cleaning (device_sn, string, cleaned_at DESC);
