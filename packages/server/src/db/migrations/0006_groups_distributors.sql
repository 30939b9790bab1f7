-- Distributor and agent management, groups of plants or devices, invitations to a branch, and
-- the plant map (issue 3 and spec sections 2 and 3).

-- Distributor fields of spec section 3 (number = id, name, country, organisation email, creation time).
ALTER TABLE organisation ADD COLUMN country text NOT NULL DEFAULT '';
ALTER TABLE organisation ADD COLUMN email text NOT NULL DEFAULT '';
CREATE INDEX organisation_kind_idx ON organisation (kind, id DESC);

-- The plant map (modules/plantMap) clusters located plants on a grid; a zoomed-in view reads a
-- small box of them,
CREATE INDEX plant_location_idx ON plant (longitude, latitude) WHERE deleted_at IS NULL AND latitude IS NOT NULL AND longitude IS NOT NULL;
-- and counts the plants it cannot show (no position), which are few.
CREATE INDEX plant_unlocated_idx ON plant (organisation_id) WHERE deleted_at IS NULL AND (latitude IS NULL OR longitude IS NULL);

-- Named groups of plants or of devices, which later batch operations act on. A group belongs to
-- the branch of the account that made it.
CREATE TABLE asset_group (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('plant', 'device')),
  name text NOT NULL,
  organisation_id bigint NOT NULL REFERENCES organisation (id),
  created_by bigint NOT NULL REFERENCES account (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX asset_group_name_key ON asset_group (organisation_id, lower(name));

-- A member is a plant (by id) or a device (by SN), matching the group's kind.
CREATE TABLE asset_group_member (
  group_id bigint NOT NULL REFERENCES asset_group (id) ON DELETE CASCADE,
  plant_id bigint REFERENCES plant (id) ON DELETE CASCADE,
  device_sn text REFERENCES device (sn) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((plant_id IS NULL) <> (device_sn IS NULL))
);
CREATE UNIQUE INDEX asset_group_member_plant_key ON asset_group_member (group_id, plant_id) WHERE plant_id IS NOT NULL;
CREATE UNIQUE INDEX asset_group_member_device_key ON asset_group_member (group_id, device_sn) WHERE device_sn IS NOT NULL;

-- An invitation to join a branch as an installer or end user. The token goes only into the mail;
-- its sha256 is kept. Single use (used_at, account_id) and time-limited (expires_at).
CREATE TABLE invitation (
  id bigserial PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE,
  email text NOT NULL,
  access smallint NOT NULL CHECK (access IN (1, 2)),
  organisation_id bigint NOT NULL REFERENCES organisation (id),
  invited_by bigint NOT NULL REFERENCES account (id),
  language text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  account_id bigint REFERENCES account (id) ON DELETE SET NULL,
  revoked_at timestamptz
);
CREATE INDEX invitation_organisation_idx ON invitation (organisation_id, id DESC);
CREATE INDEX invitation_email_idx ON invitation (lower(email));
