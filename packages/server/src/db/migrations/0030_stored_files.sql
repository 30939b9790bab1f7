-- Every stored file (issues 20, 22, 23, 24): firmware images, documents and covers, photos, device logs,
-- generated reports. The bytes are in the file store under their SHA-256 (several rows may share them);
-- a row says what the file is for, whose it is and who made it, so file management lists everything stored.
CREATE TABLE stored_file (
  id bigserial PRIMARY KEY,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size bigint NOT NULL CHECK (size >= 0),
  content_type text NOT NULL,
  name text NOT NULL,
  -- What uses it: 'firmware', 'document', 'cover', 'photo', 'brand', 'deviceLog', 'report', ...
  purpose text NOT NULL,
  organisation_id bigint NOT NULL REFERENCES organisation(id),
  -- Null when the platform made it (a report job, a device's uploaded log).
  created_by bigint REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_file_sha256 ON stored_file (sha256);
CREATE INDEX stored_file_newest ON stored_file (created_at DESC, id DESC);
