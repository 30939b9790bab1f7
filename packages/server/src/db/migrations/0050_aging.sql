-- Ageing (burn-in, issue 24): inverters on the factory's burn-in rack report like any device; a run names them,
-- its duration and its pass criteria, and the ageing job judges each device from its telemetry and alarms.
CREATE TABLE aging_run (
  id bigserial PRIMARY KEY,
  organisation_id bigint NOT NULL REFERENCES organisation(id),
  name text NOT NULL,
  started_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- The rack's load per inverter (kW), the output's tolerance around it (%), the highest inverter temperature (°C).
  output_kw real NOT NULL,
  tolerance_pct real NOT NULL,
  max_temperature real NOT NULL,
  -- 'running' until the job judged every device after ends_at, then 'finished'.
  state text NOT NULL CHECK (state IN ('running', 'finished')),
  created_by bigint NOT NULL REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX aging_run_organisation ON aging_run (organisation_id, id DESC);
CREATE INDEX aging_run_running ON aging_run (ends_at) WHERE state = 'running';

-- A device of a run and the job's latest judgement: 'waiting' (nothing reported yet), 'running' (within the criteria
-- so far), 'fail' (a criterion broken, as soon as it is), 'pass' (the run ended within them). The reason of a fail,
-- the value behind it (a fault code, °C or kW), and what the job read: samples, highest temperature, mean output.
CREATE TABLE aging_device (
  run_id bigint NOT NULL REFERENCES aging_run(id) ON DELETE CASCADE,
  device_sn text NOT NULL REFERENCES device(sn) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('waiting', 'running', 'pass', 'fail')),
  reason text CHECK (reason IN ('fault', 'temperature', 'output', 'noData')),
  reason_value real,
  samples integer NOT NULL DEFAULT 0,
  max_temperature real,
  mean_output real,
  judged_at timestamptz,
  PRIMARY KEY (run_id, device_sn)
);
CREATE INDEX aging_device_sn ON aging_device (device_sn);
