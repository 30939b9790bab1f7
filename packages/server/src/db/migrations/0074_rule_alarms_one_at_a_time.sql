-- Two evaluations of the alarm rules at once (the rules job of two processes, or a job and a caller) could both find
-- no alarm for a subject and both insert one; the second failed on alarm_active_idx (23505), which failed a test on
-- PostgreSQL once. apply_rule_alarms now takes a lock per rule for its transaction, so the second waits for the
-- first to commit and then finds its alarm. Otherwise as in 0013_alarm_rules.sql.
CREATE OR REPLACE FUNCTION apply_rule_alarms(p_code integer, p_severity text, violations jsonb, p_now timestamptz) RETURNS integer AS $$
DECLARE
  v record;
  latest alarm%ROWTYPE;
  changed integer := 0;
  cleared integer;
BEGIN
  -- One caller per rule at a time: two that both found no alarm for a subject would both insert one.
  PERFORM pg_advisory_xact_lock(11, p_code);
  FOR v IN SELECT * FROM jsonb_to_recordset(violations) AS x(datalogger_sn text, device_id bigint, plant_id bigint) LOOP
    SELECT * INTO latest FROM alarm a
      WHERE a.datalogger_sn = v.datalogger_sn AND a.device_id IS NOT DISTINCT FROM v.device_id AND a.source = 'rule' AND a.code = p_code
      ORDER BY a.last_raised_at DESC LIMIT 1 FOR UPDATE;
    IF FOUND AND latest.cleared_at IS NULL THEN
      CONTINUE;
    ELSIF FOUND AND p_now < latest.cleared_at + alarm_flap_window() THEN
      UPDATE alarm SET cleared_at = NULL, last_raised_at = p_now, occurrences = occurrences + 1 WHERE id = latest.id;
    ELSE
      INSERT INTO alarm (source, code, severity, datalogger_sn, device_id, plant_id, raised_at, last_raised_at)
      VALUES ('rule', p_code, p_severity, v.datalogger_sn, v.device_id, v.plant_id, p_now, p_now);
    END IF;
    changed := changed + 1;
  END LOOP;
  UPDATE alarm a SET cleared_at = p_now
  WHERE a.source = 'rule' AND a.code = p_code AND a.cleared_at IS NULL
    AND NOT EXISTS (
      SELECT 1 FROM jsonb_to_recordset(violations) AS x(datalogger_sn text, device_id bigint)
      WHERE x.datalogger_sn = a.datalogger_sn AND x.device_id IS NOT DISTINCT FROM a.device_id
    );
  GET DIAGNOSTICS cleared = ROW_COUNT;
  RETURN changed + cleared;
END
$$ LANGUAGE plpgsql;
