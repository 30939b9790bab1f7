-- Files a mail carries (issue 22: a report's xlsx and PDF), by the file store's content hash:
-- [{ "name": "March.xlsx", "contentType": "...", "sha256": "..." }]. The sender reads the bytes when
-- it sends; a file deleted meanwhile is left out (the mail's link still leads to the list).
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
