-- Alarm notifications (issue 5): who wants to hear of which alarms, and how; the notices a trigger
-- writes with every alarm change; webhook deliveries; what a storm holds back for its summary.

-- A user's subscription to a plant (plant_id) or to every plant in its scope (plant_id null), at most
-- one of each per account. Channels: email (the account's address and language) and/or a webhook
-- (URL and the secret the server generated to sign it). Scope is checked again at every delivery.
CREATE TABLE notification_subscription (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  plant_id bigint REFERENCES plant (id) ON DELETE CASCADE,
  severities text[] NOT NULL CHECK (cardinality(severities) > 0 AND severities <@ ARRAY['warning', 'fault']),
  email boolean NOT NULL,
  webhook_url text,
  webhook_secret text,
  -- Set while the subscription is in a storm: when its next summary is due (null: single notices).
  summary_due_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((webhook_url IS NULL) = (webhook_secret IS NULL)),
  CHECK (email OR webhook_url IS NOT NULL)
);
CREATE UNIQUE INDEX notification_subscription_key_idx ON notification_subscription (account_id, (coalesce(plant_id, 0)));
CREATE INDEX notification_subscription_plant_idx ON notification_subscription (plant_id);
CREATE INDEX notification_subscription_summary_idx ON notification_subscription (summary_due_at) WHERE summary_due_at IS NOT NULL;

-- What happened to an alarm, written in the transaction that changed it (trigger below) and consumed
-- once by the notification job, which deletes it in the transaction that writes the deliveries.
CREATE TABLE alarm_notice (
  id bigserial PRIMARY KEY,
  alarm_id bigint NOT NULL REFERENCES alarm (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN ('raised', 'reopened', 'cleared')),
  at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Opened: raised (and cleared too, for an alarm written already cleared). Cleared: cleared. Cleared
-- alarm raised again (flapping): reopened. An active alarm whose last raise moves, or a clear that
-- moves, tells nothing new. Every notice also wakes the job (NOTIFY, sent at commit).
CREATE FUNCTION alarm_notice_write() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alarm_notice (alarm_id, event, at) VALUES (NEW.id, 'raised', NEW.raised_at);
    IF NEW.cleared_at IS NOT NULL THEN
      INSERT INTO alarm_notice (alarm_id, event, at) VALUES (NEW.id, 'cleared', NEW.cleared_at);
    END IF;
  ELSIF OLD.cleared_at IS NULL AND NEW.cleared_at IS NOT NULL THEN
    INSERT INTO alarm_notice (alarm_id, event, at) VALUES (NEW.id, 'cleared', NEW.cleared_at);
  ELSIF OLD.cleared_at IS NOT NULL AND NEW.cleared_at IS NULL THEN
    INSERT INTO alarm_notice (alarm_id, event, at) VALUES (NEW.id, 'reopened', NEW.last_raised_at);
  ELSE
    RETURN NULL;
  END IF;
  PERFORM pg_notify('alarm_notice', '');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER alarm_notice_insert AFTER INSERT ON alarm FOR EACH ROW EXECUTE FUNCTION alarm_notice_write();
CREATE TRIGGER alarm_notice_update AFTER UPDATE OF cleared_at, last_raised_at ON alarm FOR EACH ROW
  WHEN (OLD.cleared_at IS DISTINCT FROM NEW.cleared_at OR OLD.last_raised_at IS DISTINCT FROM NEW.last_raised_at)
  EXECUTE FUNCTION alarm_notice_write();

-- Webhook deliveries: the exact body (signed as is on every attempt, so a retry carries the same bytes
-- and the same id), sent to the subscription's current URL with its secret. At least once: a claim
-- pushes next_attempt_at past a lease; failures back off; given up after 24 h (failed_at, last error kept).
CREATE TABLE notification_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subscription_id bigint NOT NULL REFERENCES notification_subscription (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN ('raised', 'reopened', 'cleared', 'summary')),
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  delivered_at timestamptz,
  failed_at timestamptz,
  last_status integer,
  last_error text
);
CREATE INDEX notification_outbox_due_idx ON notification_outbox (next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX notification_outbox_subscription_idx ON notification_outbox (subscription_id);

-- The notices matched to each subscription over the storm window (to count them), and those a storm
-- holds back until its summary (held).
CREATE TABLE notification_recent (
  id bigserial PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES notification_subscription (id) ON DELETE CASCADE,
  alarm_id bigint NOT NULL REFERENCES alarm (id) ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN ('raised', 'reopened', 'cleared')),
  occurred_at timestamptz NOT NULL,
  matched_at timestamptz NOT NULL,
  held boolean NOT NULL
);
CREATE INDEX notification_recent_subscription_idx ON notification_recent (subscription_id, matched_at);
CREATE INDEX notification_recent_held_idx ON notification_recent (subscription_id) WHERE held;
CREATE INDEX notification_recent_alarm_idx ON notification_recent (alarm_id);
