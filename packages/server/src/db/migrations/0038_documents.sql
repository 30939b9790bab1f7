-- Documents (issue 23; spec sections 3 and 5): a manual, datasheet or brochure of a manufacturer in one language,
-- with a cover image, up to 30 PDF files (each a stored_file) and a video link; published ones are public on
-- /manual/download.
CREATE TABLE document (
  id bigserial PRIMARY KEY,
  manufacturer text NOT NULL,
  language text NOT NULL,
  type text NOT NULL CHECK (type IN ('quickInstallation', 'datasheet', 'brochure')),
  name text NOT NULL,
  video_link text NOT NULL DEFAULT '',
  cover_file_id bigint REFERENCES stored_file(id),
  published_at timestamptz,
  created_by bigint NOT NULL REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_published ON document (language, type) WHERE published_at IS NOT NULL;

CREATE TABLE document_file (
  file_id bigint PRIMARY KEY REFERENCES stored_file(id),
  document_id bigint NOT NULL REFERENCES document(id)
);
CREATE INDEX document_file_document ON document_file (document_id);
