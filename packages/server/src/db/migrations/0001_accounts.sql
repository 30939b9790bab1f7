-- Organisations, accounts, sessions, verification codes, sign-in throttling and the mail outbox.

CREATE TABLE organisation (
  id bigserial PRIMARY KEY,
  parent_id bigint REFERENCES organisation (id),
  kind text NOT NULL CHECK (kind IN ('manufacturer', 'distributor', 'agent')),
  name text NOT NULL,
  -- The code people type at sign-up to join this branch.
  code text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account (
  id bigserial PRIMARY KEY,
  organisation_id bigint NOT NULL REFERENCES organisation (id),
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  access smallint NOT NULL CHECK (access IN (1, 2, 3, 4, 10, 255)),
  name text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  postcode text NOT NULL DEFAULT '',
  introduction text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  language text NOT NULL DEFAULT 'en',
  client_id text NOT NULL UNIQUE,
  api_mqtt_enable boolean NOT NULL DEFAULT false,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX account_username_key ON account (lower(username));
CREATE UNIQUE INDEX account_email_key ON account (lower(email));
CREATE INDEX account_organisation_idx ON account (organisation_id);

CREATE TABLE session (
  -- sha256 of the bearer token; the token itself is never stored.
  token_hash bytea PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text CHECK (revoked_reason IN ('logout', 'changed')),
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX session_account_idx ON session (account_id);

CREATE TABLE verification_code (
  id bigserial PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'reset')),
  email text NOT NULL,
  code_hash bytea NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX verification_code_email_idx ON verification_code (lower(email), purpose, created_at DESC);

CREATE TABLE sign_in_failure (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failure_username_idx ON sign_in_failure (username, created_at);
CREATE INDEX sign_in_failure_ip_idx ON sign_in_failure (ip, created_at);

CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  last_error text
);
CREATE INDEX mail_outbox_pending_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;

-- The manufacturer: the root of the organisation tree, present in every installation.
INSERT INTO organisation (kind, name, code) VALUES ('manufacturer', 'Manufacturer', upper(substr(md5(random()::text), 1, 8)));
