-- Strategy upgrades (spec sections 5 and 9: "strategy retry and minutes 1-60"): the minutes a failed or expired device
-- waits before its retry is sent. Before, a retry went out at the job's next pass, a second after the failure.
ALTER TABLE upgrade_strategy ADD COLUMN retry_minutes smallint NOT NULL DEFAULT 5 CHECK (retry_minutes BETWEEN 1 AND 60);
