-- Ownership: the organisation tree as materialized paths, plants, dataloggers, devices, shares,
-- integrator grants and the audit log. Every object has an owner branch; scope is applied by the
-- repositories (packages/server/src/modules/scope).

-- '/1/4/9/': the ids from the root down. A branch is every organisation whose path starts with its own.
ALTER TABLE organisation ADD COLUMN path text;
WITH RECURSIVE tree AS (
  SELECT id, '/' || id || '/' AS path FROM organisation WHERE parent_id IS NULL
  UNION ALL
  SELECT o.id, tree.path || o.id || '/' FROM organisation o JOIN tree ON o.parent_id = tree.id
)
UPDATE organisation SET path = tree.path FROM tree WHERE organisation.id = tree.id;
ALTER TABLE organisation ALTER COLUMN path SET NOT NULL;
ALTER TABLE organisation ALTER COLUMN path SET DEFAULT '';
CREATE UNIQUE INDEX organisation_path_key ON organisation (path text_pattern_ops);

-- Every new organisation gets its path from its parent's (its id is known: defaults come first).
CREATE FUNCTION organisation_set_path() RETURNS trigger AS $$
BEGIN
  NEW.path := COALESCE((SELECT path FROM organisation WHERE id = NEW.parent_id), '/') || NEW.id || '/';
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER organisation_path BEFORE INSERT ON organisation FOR EACH ROW EXECUTE FUNCTION organisation_set_path();

CREATE TABLE plant (
  id bigserial PRIMARY KEY,
  -- The branch the plant belongs to: distributors and agents above it see it.
  organisation_id bigint NOT NULL REFERENCES organisation (id),
  installer_id bigint REFERENCES account (id),
  owner_id bigint REFERENCES account (id),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('residential', 'commercial', 'utility', 'storage', 'charging')),
  country text NOT NULL,
  city text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  postcode text NOT NULL DEFAULT '',
  latitude double precision,
  longitude double precision,
  time_zone text NOT NULL,
  system_size_kw numeric(12, 3),
  pv_size_kwp numeric(12, 3),
  feed_in_tariff numeric(10, 4),
  currency text NOT NULL DEFAULT 'EUR',
  commissioned_on date,
  grid_connected_on date,
  installer_contact jsonb NOT NULL DEFAULT '{}',
  user_contact jsonb NOT NULL DEFAULT '{}',
  created_by bigint NOT NULL REFERENCES account (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX plant_organisation_idx ON plant (organisation_id) WHERE deleted_at IS NULL;
CREATE INDEX plant_installer_idx ON plant (installer_id) WHERE deleted_at IS NULL;
CREATE INDEX plant_owner_idx ON plant (owner_id) WHERE deleted_at IS NULL;
CREATE INDEX plant_name_idx ON plant (lower(name) text_pattern_ops) WHERE deleted_at IS NULL;

-- Accounts that see a plant besides its owner and installer: shared read-only with a user, or granted to an installer.
CREATE TABLE plant_member (
  plant_id bigint NOT NULL REFERENCES plant (id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('viewer', 'installer')),
  granted_by bigint NOT NULL REFERENCES account (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (plant_id, account_id)
);
CREATE INDEX plant_member_account_idx ON plant_member (account_id);

CREATE TABLE datalogger (
  sn text PRIMARY KEY CHECK (sn ~ '^[0-9]{15}$'),
  -- argon2id of the MQTT password, which is shown once at registration (protocol.md).
  secret_hash text NOT NULL,
  -- The branch that registered it; null plant means not bound yet.
  organisation_id bigint NOT NULL REFERENCES organisation (id),
  plant_id bigint REFERENCES plant (id),
  registered_by bigint NOT NULL REFERENCES account (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  bound_at timestamptz
);
CREATE INDEX datalogger_plant_idx ON datalogger (plant_id);
CREATE INDEX datalogger_organisation_idx ON datalogger (organisation_id);

-- Devices behind a datalogger, as its inventory reports them (protocol.md).
CREATE TABLE device (
  sn text PRIMARY KEY,
  datalogger_sn text NOT NULL REFERENCES datalogger (sn),
  plant_id bigint REFERENCES plant (id),
  type text NOT NULL CHECK (type IN ('inverter', 'battery', 'meter', 'evCharger', 'heatPump', 'ems', 'gateway', 'module')),
  model text NOT NULL DEFAULT '',
  rated_power_kw numeric(10, 3),
  firmware jsonb NOT NULL DEFAULT '{}',
  last_seen_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_plant_idx ON device (plant_id, type);
CREATE INDEX device_datalogger_idx ON device (datalogger_sn);

-- Data authorisation: devices an integrator may read (and optionally control).
CREATE TABLE device_grant (
  device_sn text NOT NULL REFERENCES device (sn) ON DELETE CASCADE,
  integrator_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  can_control boolean NOT NULL DEFAULT false,
  granted_by bigint NOT NULL REFERENCES account (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_sn, integrator_id)
);
CREATE INDEX device_grant_integrator_idx ON device_grant (integrator_id);

-- Who changed what, when, from where, before and after.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id bigint REFERENCES account (id),
  organisation_path text NOT NULL,
  ip text NOT NULL DEFAULT '',
  action text NOT NULL,
  object_type text NOT NULL,
  object_id text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
CREATE INDEX audit_log_object_idx ON audit_log (object_type, object_id);
