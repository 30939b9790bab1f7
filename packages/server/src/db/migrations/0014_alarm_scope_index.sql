-- The alarm lists find an account's alarms through their dataloggers (alarm/repo.ts), newest first.
CREATE INDEX alarm_datalogger_raised_idx ON alarm (datalogger_sn, raised_at DESC, id DESC);
