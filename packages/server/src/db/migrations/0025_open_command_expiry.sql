-- Expiry also closes commands a device took up and then went silent on (accepted or in progress past
-- their deadline): the index it reads covers every open command.
DROP INDEX device_command_unsent;
CREATE INDEX device_command_open ON device_command (expires_at) WHERE state IN ('queued', 'sent', 'accepted', 'progress');
