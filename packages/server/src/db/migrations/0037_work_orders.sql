-- Work orders (issue 23; spec sections 3 and 4): a problem reported about a plant (and one of its devices), and
-- its conversation in time order: replies, status changes and assignments, each an entry, photos beside a reply.
CREATE TABLE work_order (
  id bigserial PRIMARY KEY,
  plant_id bigint NOT NULL REFERENCES plant(id),
  device_sn text REFERENCES device(sn),
  question_category text NOT NULL,
  product_type text NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  contact_name text NOT NULL,
  contact_phone text NOT NULL,
  -- Spec section 4: turned on, processing, upgraded (escalated to the manufacturer), solved, closed.
  status text NOT NULL DEFAULT 'turnedOn' CHECK (status IN ('turnedOn', 'processing', 'upgraded', 'solved', 'closed')),
  -- The client it came from (spec section 7: the create call carries platForm).
  platform text NOT NULL,
  created_by bigint NOT NULL REFERENCES account(id),
  assignee_id bigint REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_order_newest ON work_order (updated_at DESC, id DESC);
CREATE INDEX work_order_plant ON work_order (plant_id);
CREATE INDEX work_order_creator ON work_order (created_by);

CREATE TABLE work_order_entry (
  id bigserial PRIMARY KEY,
  work_order_id bigint NOT NULL REFERENCES work_order(id),
  author_id bigint NOT NULL REFERENCES account(id),
  kind text NOT NULL CHECK (kind IN ('created', 'reply', 'status', 'assigned')),
  body text NOT NULL DEFAULT '',
  status_from text,
  status_to text,
  assignee_id bigint REFERENCES account(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_order_entry_order ON work_order_entry (work_order_id, id);

-- A photo is uploaded first (stored_file, purpose 'workOrderPhoto'), then attached to one entry; once only.
CREATE TABLE work_order_photo (
  file_id bigint PRIMARY KEY REFERENCES stored_file(id),
  entry_id bigint NOT NULL REFERENCES work_order_entry(id)
);
CREATE INDEX work_order_photo_entry ON work_order_photo (entry_id);
