-- The platform log (issue 23): the platform's own events (process starts, migrations applied, failed job passes,
-- mail, webhook and push delivery failures, ingest rejections counted per minute). Bounded: the retention job
-- deletes rows older than 90 days and keeps at most 10 000 per kind.
CREATE TABLE platform_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('info', 'warning', 'error')),
  message text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX platform_log_at ON platform_log (at DESC);
CREATE INDEX platform_log_kind_at ON platform_log (kind, at DESC);
