-- API keys of the Open API (issue 19): a key acts as its account, with exactly its scope. The key is
-- shown once at creation; only its sha256 is kept (256 random bits: a fast hash is enough).
CREATE TABLE api_key (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES account(id),
  name text NOT NULL,
  key_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_key_account_idx ON api_key (account_id, id) WHERE revoked_at IS NULL;

-- Each account's daily quota (shared by its keys) and its counters: the calls of the current UTC day
-- and of the current second. One row per account, taken by one atomic INSERT ... ON CONFLICT DO UPDATE
-- ... WHERE per call, so concurrent calls never get past the quota (fillfactor: the row is updated by
-- every call, and stays on its page).
CREATE TABLE api_usage (
  account_id bigint PRIMARY KEY REFERENCES account(id),
  daily_quota integer NOT NULL DEFAULT 1440 CHECK (daily_quota >= 0),
  day date NOT NULL,
  day_calls integer NOT NULL DEFAULT 0,
  second bigint NOT NULL DEFAULT 0,
  second_calls integer NOT NULL DEFAULT 0
) WITH (fillfactor = 70);
