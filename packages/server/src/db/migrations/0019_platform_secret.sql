-- Secrets of this installation, made once and shared by every process. dataloggerLabel derives the
-- check code printed on a datalogger's label beside its SN (modules/datalogger/checkCode.ts):
-- binding a datalogger to a plant takes both, so knowing an SN is not enough to claim it.
-- gen_random_uuid draws from the server's strong random source: two give 244 random bits.
CREATE TABLE platform_secret (
  name text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO platform_secret (name, value)
VALUES ('dataloggerLabel', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
