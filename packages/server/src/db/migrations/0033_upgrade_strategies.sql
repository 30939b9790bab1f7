-- Strategy upgrades (issue 20): an upgrade task whose devices are sent in waves (upgrade_device.wave), by a
-- background job, after a checker approved it, at most rate_per_minute commands a minute, within a daily UTC
-- window and the validity; a device whose upgrade failed is sent again up to `retries` times; the next wave
-- starts when success_threshold % of the waves so far succeeded; failure_threshold % of the finished devices
-- failed aborts it. Preview and notice strategies are plans only: nothing is ever sent.
CREATE TABLE upgrade_strategy (
  id bigserial PRIMARY KEY,
  task_id bigint NOT NULL UNIQUE REFERENCES upgrade_task(id) ON DELETE CASCADE,
  purpose text NOT NULL DEFAULT '',
  mode text NOT NULL CHECK (mode IN ('preview', 'notice', 'implement')),
  status text NOT NULL
    CHECK (status IN ('preview', 'notice', 'waiting', 'inProgress', 'paused', 'completed', 'aborted', 'cancelled', 'expired')),
  status_reason text,
  -- Cumulative shares of the devices per wave, rising to 100.
  waves jsonb NOT NULL,
  current_wave smallint NOT NULL DEFAULT 0,
  success_threshold smallint NOT NULL,
  failure_threshold smallint NOT NULL,
  retries smallint NOT NULL,
  rate_per_minute integer NOT NULL,
  trigger_start text,
  trigger_end text,
  valid_from timestamptz NOT NULL,
  valid_to timestamptz NOT NULL,
  checker_id bigint NOT NULL REFERENCES account(id),
  approved_at timestamptz,
  -- The rate limit's minute: when it began and how many commands it sent.
  window_start timestamptz,
  window_sent integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- What the job looks at.
CREATE INDEX upgrade_strategy_running ON upgrade_strategy (id) WHERE status = 'inProgress';
