-- Web Push for alarm notifications (issue 21, owner feature 5).

-- The server's VAPID key pair (RFC 8292), made once by the first process that needs it and kept: a new
-- pair would orphan every browser subscription (push services bind a subscription to the public key).
CREATE TABLE web_push_key (
  id integer PRIMARY KEY CHECK (id = 1),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One browser of an account that accepted pushes: its push service endpoint and the keys its payloads
-- are encrypted to (RFC 8291). An endpoint belongs to one browser profile, so to one account at a time.
CREATE TABLE push_endpoint (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_endpoint_account_idx ON push_endpoint (account_id);

-- Pushes to deliver, written with the mails and webhook deliveries of the same notices (one transaction);
-- encrypted only when sent. Retried like webhooks; a push service that answers 404 or 410 has dropped the
-- subscription, so its endpoint goes (and its pushes with it).
CREATE TABLE push_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id bigint NOT NULL REFERENCES push_endpoint (id) ON DELETE CASCADE,
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  delivered_at timestamptz,
  failed_at timestamptz,
  last_status integer,
  last_error text
);
CREATE INDEX push_outbox_due_idx ON push_outbox (next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX push_outbox_endpoint_idx ON push_outbox (endpoint_id);
