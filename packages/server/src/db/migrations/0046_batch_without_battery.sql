-- Group remote (issue 18): inverters a batch's battery settings would reach that have no battery are left out
-- and counted apart from the refused (out of scope): the device would only refuse the command.
ALTER TABLE command_batch ADD COLUMN without_battery integer NOT NULL DEFAULT 0;
