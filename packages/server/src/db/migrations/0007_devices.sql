-- Devices per kind (issue 3): a display name (the end user names its EV charger, spec /bus/pile/edit)
-- and the parallel system of a plant's inverters (spec /bus/plant/parallelSystem).

ALTER TABLE device ADD COLUMN name text NOT NULL DEFAULT '';

-- One parallel system per plant: one master and its slaves among the plant's inverters.
ALTER TABLE device ADD COLUMN parallel_role text CHECK (parallel_role IN ('master', 'slave'));
ALTER TABLE device ADD CONSTRAINT device_parallel_inverter CHECK (parallel_role IS NULL OR (type = 'inverter' AND plant_id IS NOT NULL));
CREATE UNIQUE INDEX device_parallel_master_key ON device (plant_id) WHERE parallel_role = 'master';

-- A device that leaves its plant (datalogger unbound, plant deleted, inventory moved) dissolves the
-- parallel system it was in, whichever code moves it: before the update for the row itself (the
-- check above), after the statement for the rest of the system (rows the statement may still update).
CREATE FUNCTION device_leave_parallel() RETURNS trigger AS $$
BEGIN
  IF NEW.plant_id IS NOT DISTINCT FROM OLD.plant_id OR OLD.parallel_role IS NULL THEN
    RETURN NEW;
  END IF;
  IF TG_WHEN = 'BEFORE' THEN
    NEW.parallel_role := NULL;
  ELSE
    UPDATE device SET parallel_role = NULL WHERE plant_id = OLD.plant_id AND parallel_role IS NOT NULL;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER device_leave_parallel BEFORE UPDATE OF plant_id ON device FOR EACH ROW EXECUTE FUNCTION device_leave_parallel();
CREATE TRIGGER device_dissolve_parallel AFTER UPDATE OF plant_id ON device FOR EACH ROW EXECUTE FUNCTION device_leave_parallel();
