-- The firmware library (issue 20): one row per image, its bytes a stored_file (by SHA-256: the same bytes
-- are the same firmware, so a second upload of them is refused as a duplicate), its fields of spec section 3,
-- and the limits that decide which devices may take it ({field: model|vendor|country, operator, value}).
CREATE TABLE firmware (
  id bigserial PRIMARY KEY,
  stored_file_id bigint NOT NULL REFERENCES stored_file(id),
  sha256 text NOT NULL UNIQUE,
  size bigint NOT NULL,
  file_name text NOT NULL,
  name text NOT NULL,
  version text NOT NULL,
  code text NOT NULL CHECK (code ~ '^[A-Z0-9]{8}$'),
  device_type text NOT NULL,
  series text NOT NULL,
  firmware_type text NOT NULL,
  release_time timestamptz NOT NULL,
  internal boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  limits jsonb NOT NULL DEFAULT '[]',
  organisation_id bigint NOT NULL REFERENCES organisation(id),
  created_by bigint NOT NULL REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX firmware_newest ON firmware (created_at DESC, id DESC);

-- The blacklist (spec section 3): a version of a series that is never sent again.
CREATE TABLE firmware_blacklist (
  id bigserial PRIMARY KEY,
  version text NOT NULL,
  series text NOT NULL,
  reason text NOT NULL,
  created_by bigint NOT NULL REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX firmware_blacklist_key ON firmware_blacklist (lower(series), version);
