-- Report exports (issue 22; spec sections 3, 4, 9): a definition says what to report and for whom; a task is
-- one generation of it (on demand, or a scheduled period), a durable job: claimed under a lease, its
-- files kept in the file store, finished and mailed in one transaction.
CREATE TABLE report_definition (
  id bigserial PRIMARY KEY,
  -- Whose scope the report covers (read again at each generation) and who sees it in the list.
  account_id bigint NOT NULL REFERENCES account(id),
  organisation_id bigint NOT NULL REFERENCES organisation(id),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('monthly', 'annual')),
  -- The first day of the month or year reported; a scheduled report's first period.
  period_date date NOT NULL,
  summary text NOT NULL CHECK (summary IN ('plant', 'device')),
  data_types text[] NOT NULL,
  series text NOT NULL DEFAULT '',
  email_push boolean NOT NULL DEFAULT false,
  recipients text[] NOT NULL DEFAULT '{}',
  scheduled boolean NOT NULL DEFAULT false,
  -- The language of its files: the reader's, as it was when the report was defined.
  language text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX report_definition_account ON report_definition (account_id, id DESC);
CREATE INDEX report_definition_scheduled ON report_definition (id) WHERE scheduled;

CREATE TABLE report_task (
  id bigserial PRIMARY KEY,
  definition_id bigint NOT NULL REFERENCES report_definition(id) ON DELETE CASCADE,
  period_start date NOT NULL,
  -- A scheduled period's task carries its period here, so the period is generated once whatever restarts
  -- (an insert that meets it does nothing); a generation on demand leaves it null.
  schedule_key date,
  state text NOT NULL DEFAULT 'generating' CHECK (state IN ('generating', 'done', 'failed')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  -- Claims so far; a claim is held until lease_until, after which another process may take the task over.
  attempts integer NOT NULL DEFAULT 0,
  lease_until timestamptz,
  xlsx_file_id bigint REFERENCES stored_file(id),
  pdf_file_id bigint REFERENCES stored_file(id),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  UNIQUE (definition_id, schedule_key)
);
CREATE INDEX report_task_of_definition ON report_task (definition_id, id DESC);
CREATE INDEX report_task_open ON report_task (id) WHERE state = 'generating';
