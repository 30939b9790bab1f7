-- Work model templates (issue 18; spec section 3, "Template and work model"): a named battery strategy
-- (work mode, time periods, minimum SoC, electricity price periods) kept by an organisation, names
-- unique per organisation whatever their case.
CREATE TABLE strategy_template (
  id bigserial PRIMARY KEY,
  organisation_id bigint NOT NULL REFERENCES organisation(id),
  name text NOT NULL,
  strategy jsonb NOT NULL,
  created_by bigint NOT NULL REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX strategy_template_name_key ON strategy_template (organisation_id, lower(name));

-- Group remote: one settings change sent to many devices as one batch; its commands are device_command
-- rows that name it. The target and the template are kept as they were named when the batch was made.
CREATE TABLE command_batch (
  id uuid PRIMARY KEY,
  organisation_id bigint NOT NULL REFERENCES organisation(id),
  target_kind text NOT NULL CHECK (target_kind IN ('device', 'group', 'plants')),
  target_label text NOT NULL,
  template_name text,
  settings jsonb NOT NULL,
  -- Devices (or plants) the target named that the caller may not operate: never commanded.
  refused integer NOT NULL DEFAULT 0,
  created_by bigint NOT NULL REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX command_batch_newest ON command_batch (created_at DESC);

ALTER TABLE device_command ADD COLUMN batch_id uuid REFERENCES command_batch(id);
-- A batch's counts: each device's latest command of the batch.
CREATE INDEX device_command_batch ON device_command (batch_id, device_sn, created_at DESC) WHERE batch_id IS NOT NULL;
