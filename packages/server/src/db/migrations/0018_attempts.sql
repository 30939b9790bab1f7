-- Attempts that a limit counts (failed sign-ins, wrong old passwords, wrong datalogger check codes):
-- one row per key an attempt counts under. take_attempt checks and records in one step, so a burst
-- of concurrent tries gets exactly the allowed number: counted apart from the check, 40 concurrent
-- wrong passwords for one account were all evaluated. Replaces sign_in_failure.
DROP TABLE sign_in_failure;

CREATE TABLE attempt (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX attempt_key_idx ON attempt (key, at);
CREATE INDEX attempt_at_idx ON attempt (at);

-- Records one attempt at `now` under every key, unless a key already holds its limit within its
-- window; answers the ids recorded, or NULL when refused (nothing recorded then, so a flood of
-- refused tries grows nothing). Takers of a key wait for each other (advisory locks, taken in key
-- order so takers sharing several keys cannot deadlock). Attempts older than a day are gone:
-- no window is longer.
CREATE FUNCTION take_attempt(keys text[], limits integer[], windows interval[], now timestamptz) RETURNS bigint[] AS $$
DECLARE
  key_lock text;
  i integer;
  ids bigint[];
BEGIN
  FOR key_lock IN SELECT DISTINCT k FROM unnest(keys) AS k ORDER BY k LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('attempt:' || key_lock, 0));
  END LOOP;
  FOR i IN 1 .. cardinality(keys) LOOP
    IF (SELECT count(*) FROM attempt a WHERE a.key = keys[i] AND a.at > now - windows[i]) >= limits[i] THEN
      RETURN NULL;
    END IF;
  END LOOP;
  DELETE FROM attempt a WHERE a.at < now - interval '1 day';
  WITH recorded AS (INSERT INTO attempt (key, at) SELECT k, now FROM unnest(keys) AS k RETURNING id)
  SELECT array_agg(id) INTO ids FROM recorded;
  RETURN ids;
END
$$ LANGUAGE plpgsql;
