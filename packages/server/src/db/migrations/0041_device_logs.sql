-- Device logs (issue 24): a battery, test, module or DSP log asked of a device with a log.upload command.
-- The device puts the log to a one-time URL whose token (kept as its SHA-256 only) names this row, so the
-- upload is bound to the device and the request; a used, unknown or expired token is refused. The bytes are
-- a stored file (purpose 'deviceLog'); the summary is what the platform read of a format it knows.
CREATE TABLE device_log (
  id bigserial PRIMARY KEY,
  device_sn text NOT NULL REFERENCES device(sn) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('battery', 'test', 'module', 'dsp')),
  command_id uuid REFERENCES device_command(id) ON DELETE SET NULL,
  token_sha256 text NOT NULL UNIQUE,
  -- 'requested' until the upload, 'receiving' while it streams in, then 'uploaded'.
  state text NOT NULL CHECK (state IN ('requested', 'receiving', 'uploaded')),
  stored_file_id bigint REFERENCES stored_file(id),
  summary jsonb,
  requested_by bigint NOT NULL REFERENCES account(id),
  requested_at timestamptz NOT NULL,
  uploaded_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX device_log_kind_time ON device_log (kind, requested_at DESC);
CREATE INDEX device_log_device_time ON device_log (device_sn, requested_at DESC);
