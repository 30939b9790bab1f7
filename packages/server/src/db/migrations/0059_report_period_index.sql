-- Data reports over a whole fleet (issue 22): the calendar rows of one grain and period, for every
-- subject at once, read by one index range instead of one lookup per plant or device. Its keys never
-- change once a row exists, so the rollups' updates of the figures stay HOT (migration 0023); only a
-- new row (a new day, month or year of a subject) adds an entry.
CREATE INDEX rollup_calendar_period_idx ON rollup_calendar (subject_kind, grain, start);
