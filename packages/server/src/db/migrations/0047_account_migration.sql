-- Account migration (issue 23; spec sections 2, 3, 6): an administrator moves the plants of one account to another of
-- the same kind, with a code mailed to the target account (its holder agrees), typed twice.

-- A migration code: only the newest unused one of a source and target pair counts; five wrong tries use it up.
CREATE TABLE account_migration_code (
  id bigserial PRIMARY KEY,
  source_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  target_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  code_hash bytea NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_by bigint NOT NULL REFERENCES account (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_migration_code_pair_idx ON account_migration_code (source_id, target_id, created_at DESC);

-- The migration record (spec section 3): source, target, time, count, operator.
CREATE TABLE account_migration (
  id bigserial PRIMARY KEY,
  source_id bigint NOT NULL REFERENCES account (id),
  target_id bigint NOT NULL REFERENCES account (id),
  plant_count integer NOT NULL CHECK (plant_count > 0),
  device_count integer NOT NULL CHECK (device_count >= 0),
  operator_id bigint NOT NULL REFERENCES account (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_migration_created_idx ON account_migration (created_at DESC, id DESC);
