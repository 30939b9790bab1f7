-- Upgrade tasks (issue 20): one firmware sent to one device or many. Each device of a task is a row that
-- is either skipped (with the reason: never sent) or holds the latest firmware.upgrade command of the command
-- path (device_command) that carries it (none yet: a strategy's device waiting for its wave); its state is that command's. A reset (after-sales) closes a
-- device's stuck upgrade for the platform, with who and why, without pretending the device answered.
CREATE TABLE upgrade_task (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  -- The firmware as it was when the task was made: a deleted firmware leaves its finished tasks' history.
  firmware_id bigint REFERENCES firmware(id) ON DELETE SET NULL,
  firmware_name text NOT NULL,
  version text NOT NULL,
  firmware_type text NOT NULL,
  device_type text NOT NULL,
  organisation_id bigint NOT NULL REFERENCES organisation(id),
  created_by bigint NOT NULL REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX upgrade_task_newest ON upgrade_task (created_at DESC, id DESC);

CREATE TABLE upgrade_device (
  task_id bigint NOT NULL REFERENCES upgrade_task(id) ON DELETE CASCADE,
  device_sn text NOT NULL REFERENCES device(sn) ON DELETE CASCADE,
  pre_version text,
  skip_reason text CHECK (skip_reason IN ('limits', 'sameVersion', 'blacklisted', 'busy', 'wrongKind')),
  command_id uuid REFERENCES device_command(id) ON DELETE SET NULL,
  -- The device's download: a random token in the command's URL, good while the command is open.
  download_token text UNIQUE,
  reset_at timestamptz,
  reset_by bigint REFERENCES account(id),
  reset_reason text,
  -- A strategy's wave (0 first), and how many commands the device has been sent (a strategy retries).
  wave smallint NOT NULL DEFAULT 0,
  attempts smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (task_id, device_sn),
  CHECK (skip_reason IS NULL OR command_id IS NULL)
);
CREATE INDEX upgrade_device_sn ON upgrade_device (device_sn);
CREATE INDEX upgrade_device_command ON upgrade_device (command_id);
