-- Device commands on the console (issue 18, second part).
--
-- The operation log entry that records a command (who, what, before, after): the device's answer is
-- added to it, in the transaction that finishes the command.
ALTER TABLE device_command ADD COLUMN audit_log_id bigint REFERENCES audit_log(id);

-- Every change of a command's state reaches the API processes (NOTIFY at commit), which push it to
-- the live streams of its device: a JSON array of [device sn, command id] pairs (an SN may hold any
-- character), at most 25 in a payload (under PostgreSQL's 8,000 bytes even for 64-character SNs of
-- four-byte characters), one statement at a time (a batch of 10,000 commands sent or expired is one).
CREATE FUNCTION device_command_state_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('device_command_state', pairs::text)
  FROM (
    SELECT json_agg(json_build_array(device_sn, id)) AS pairs
    FROM (SELECT device_sn, id, (row_number() OVER () - 1) / 25 AS chunk FROM changed) numbered
    GROUP BY chunk
  ) chunks;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- A trigger with transition tables has one event each.
CREATE TRIGGER device_command_state_made AFTER INSERT ON device_command
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION device_command_state_notify();
CREATE TRIGGER device_command_state_changed AFTER UPDATE ON device_command
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION device_command_state_notify();
