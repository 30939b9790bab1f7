-- Strategy upgrades (issue 20): a trigger condition beyond "the datalogger is connected" (the device also reports a
-- given version), and the strategy's own SN, software-version and area limits; devices outside them are skipped with
-- the reason "strategyLimits", never sent.
ALTER TABLE upgrade_strategy
  ADD COLUMN trigger text NOT NULL DEFAULT 'online' CHECK (trigger IN ('online', 'version')),
  ADD COLUMN trigger_version text,
  ADD COLUMN limits jsonb NOT NULL DEFAULT '{"snPrefixes": [], "fromVersions": [], "countries": []}',
  ADD CHECK (trigger = 'online' OR trigger_version IS NOT NULL);

ALTER TABLE upgrade_device DROP CONSTRAINT upgrade_device_skip_reason_check;
ALTER TABLE upgrade_device ADD CONSTRAINT upgrade_device_skip_reason_check
  CHECK (skip_reason IN ('limits', 'sameVersion', 'blacklisted', 'busy', 'wrongKind', 'strategyLimits'));
