-- User management (issue 3): a password set by an operator is one-time, and the account log.

-- Set when an operator creates the account or resets its password: after its next sign-in the
-- account may only change its password (or sign out) until it does (errno 41920).
ALTER TABLE account ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;

-- The list's user name filter is a case-insensitive prefix search.
CREATE INDEX account_username_prefix_idx ON account (lower(username) text_pattern_ops);

-- The account log: what happened to an account's access (sign-in and its failures, sign-out,
-- password changes and resets, disabling). Changes operators make to accounts are in the
-- operation log (audit_log) as well; this log is the account's own history.
CREATE TABLE account_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- The account it happened to; null when a sign-in named no account.
  account_id bigint REFERENCES account (id) ON DELETE SET NULL,
  -- The user name at the time (as typed, for a sign-in that named no account).
  username text NOT NULL,
  -- The account's organisation path at the time: branch managers see their branch's entries
  -- (the operation log's rule); '' for no account, which only administrators see.
  organisation_path text NOT NULL,
  -- Who did it: the account itself, an operator, or null (a failed sign-in).
  actor_id bigint REFERENCES account (id) ON DELETE SET NULL,
  event text NOT NULL CHECK (event IN (
    'signIn', 'signInFailed', 'signOut', 'passwordChanged', 'passwordChangedAfterReset',
    'passwordResetByCode', 'passwordResetByOperator', 'created', 'disabled', 'enabled'
  )),
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  -- Why a sign-in failed ('wrongPassword', 'unknownUser', 'disabled'); '' otherwise.
  detail text NOT NULL DEFAULT ''
);
CREATE INDEX account_log_at_idx ON account_log (at DESC);
CREATE INDEX account_log_account_idx ON account_log (account_id, id DESC);
CREATE INDEX account_log_path_idx ON account_log (organisation_path text_pattern_ops, id DESC);
