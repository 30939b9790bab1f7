-- Brands (issue 23; spec sections 3 and 5): a name (1-16 characters), the domain the console is served on for it,
-- a download link, a logo (a stored file) and the app's store links. The console shows the brand of its Host.
CREATE TABLE brand (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  domain text NOT NULL UNIQUE,
  download_link text NOT NULL DEFAULT '',
  android_link text NOT NULL DEFAULT '',
  ios_link text NOT NULL DEFAULT '',
  logo_file_id bigint REFERENCES stored_file(id),
  created_by bigint NOT NULL REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
