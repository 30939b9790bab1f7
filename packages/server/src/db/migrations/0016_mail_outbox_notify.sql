-- New mail wakes the sender in whichever process runs the jobs (NOTIFY, sent at commit), so the
-- sender need not poll often for mail other processes write; polling stays as the fallback.
CREATE FUNCTION mail_outbox_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('mail_outbox', '');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER mail_outbox_notify AFTER INSERT ON mail_outbox FOR EACH STATEMENT EXECUTE FUNCTION mail_outbox_notify();
