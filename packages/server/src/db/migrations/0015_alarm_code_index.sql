-- Lists filtered by a code (and the fault record's counts by code) read that code's alarms, newest first.
CREATE INDEX alarm_code_raised_idx ON alarm (code, raised_at DESC, id DESC);
