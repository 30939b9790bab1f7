-- Alarm rules (issue 5): thresholds a plant sets for the platform's rules (shared/src/faults/rules.ts,
-- ALARM_THRESHOLD_DEFAULTS holds for every key a plant leaves out).
CREATE TABLE alarm_threshold (
  plant_id bigint PRIMARY KEY REFERENCES plant (id) ON DELETE CASCADE,
  settings jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Opens, reopens (flapping) and clears the alarms of one rule: `violations` lists every subject that
-- breaks the rule now ([{datalogger_sn, device_id (null for the datalogger itself), plant_id}]). A
-- subject without an active alarm gets one, or its alarm cleared within the flap window back; an
-- active alarm whose subject is no longer listed is cleared. Answers the alarms changed.
CREATE FUNCTION apply_rule_alarms(p_code integer, p_severity text, violations jsonb, p_now timestamptz) RETURNS integer AS $$
DECLARE
  v record;
  latest alarm%ROWTYPE;
  changed integer := 0;
  cleared integer;
BEGIN
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
