-- Module (datalogger) upgrades (issue 20): a datalogger upgrading its own firmware is sent firmware.upgrade with its own SN
-- as the device (protocol.md: `target` "module"), and is a device of its task. A datalogger is no row of `device`, so a
-- command's and a task row's SN now name a device or a datalogger; the cascade the foreign keys gave (a removed device's
-- commands and task rows go with it) is kept for both by a trigger.
ALTER TABLE device_command DROP CONSTRAINT device_command_device_sn_fkey;
ALTER TABLE upgrade_device DROP CONSTRAINT upgrade_device_device_sn_fkey;

CREATE FUNCTION forget_commands_of_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM upgrade_device WHERE device_sn = OLD.sn;
  DELETE FROM device_command WHERE device_sn = OLD.sn;
  RETURN OLD;
END
$$;
CREATE TRIGGER device_forget_commands AFTER DELETE ON device FOR EACH ROW EXECUTE FUNCTION forget_commands_of_removed();
CREATE TRIGGER datalogger_forget_commands AFTER DELETE ON datalogger FOR EACH ROW EXECUTE FUNCTION forget_commands_of_removed();
