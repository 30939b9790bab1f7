-- The journal (issue 23): release notes administrators write and publish. A note has a version label and, per
-- language, a title and a plain-text body (English always: it is every language's fallback). It moves
-- draft -> published -> withdrawn; published_at is set once, when it is published.
CREATE TABLE journal_note (
  id bigserial PRIMARY KEY,
  version text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'published', 'withdrawn')),
  -- {"en": {"title": ..., "body": ...}, "de": {...}}: read whole, never searched by language.
  texts jsonb NOT NULL CHECK (texts ? 'en'),
  published_at timestamptz,
  created_by bigint NOT NULL REFERENCES account (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'draft') = (published_at IS NULL))
);
CREATE INDEX journal_note_published ON journal_note (published_at DESC, id DESC) WHERE state = 'published';

-- Which account dismissed which published note after sign-in: shown once per account, whatever the browser.
CREATE TABLE journal_seen (
  account_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  note_id bigint NOT NULL REFERENCES journal_note (id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, note_id)
);
