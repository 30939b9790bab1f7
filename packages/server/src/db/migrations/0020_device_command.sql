-- Commands to devices (issue 18): a row first (the outbox), sent on dl/{sn}/down/cmd by a dispatcher
-- of the ingest role, its state changed only by the device's replies or by expiry. The datalogger is
-- kept on the row, as it was when the command was made: a reply counts only from that datalogger.
CREATE TABLE device_command (
  id uuid PRIMARY KEY,
  device_sn text NOT NULL REFERENCES device(sn) ON DELETE CASCADE,
  datalogger_sn text NOT NULL,
  type text NOT NULL,
  params jsonb NOT NULL,
  state text NOT NULL DEFAULT 'queued'
    CHECK (state IN ('queued', 'sent', 'accepted', 'progress', 'done', 'failed', 'expired', 'cancelled')),
  progress smallint,
  result jsonb,
  error text,
  created_by bigint NOT NULL REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  finished_at timestamptz
);
-- What the dispatcher sends: the waiting commands of a datalogger, oldest first.
CREATE INDEX device_command_queued ON device_command (datalogger_sn, created_at) WHERE state = 'queued';
-- A device's command history.
CREATE INDEX device_command_device ON device_command (device_sn, created_at DESC);
-- What expiry looks at.
CREATE INDEX device_command_unsent ON device_command (expires_at) WHERE state IN ('queued', 'sent');

-- A new command wakes the dispatcher in whichever process runs it (NOTIFY at commit).
CREATE FUNCTION device_command_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('device_command', '');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER device_command_notify AFTER INSERT ON device_command FOR EACH STATEMENT EXECUTE FUNCTION device_command_notify();
