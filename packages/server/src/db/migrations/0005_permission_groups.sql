-- Power info (issue 3): the manufacturer's company details, its departments, and permission
-- groups: named sets of the switches of spec section 6, assigned to an administrator, to a
-- department or to a role. ARCHITECTURE.md ("Permission groups") says which one counts.

-- Company details are the root organisation's (the manufacturer): its name, and its country and
-- email (columns every organisation has, 0006_groups_distributors.sql) with these three.
ALTER TABLE organisation ADD COLUMN address text NOT NULL DEFAULT '';
ALTER TABLE organisation ADD COLUMN phone text NOT NULL DEFAULT '';
ALTER TABLE organisation ADD COLUMN website text NOT NULL DEFAULT '';

CREATE TABLE permission_group (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  -- Switch codes of packages/shared/src/permissions.ts; a code the code base no longer knows is ignored.
  permissions text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX permission_group_name_key ON permission_group (lower(name));

-- The manufacturer's departments, a tree stored as materialized paths like the organisation tree.
-- A department in use (members, sub-departments) cannot be deleted: the foreign keys refuse it.
CREATE TABLE department (
  id bigserial PRIMARY KEY,
  parent_id bigint REFERENCES department (id),
  name text NOT NULL,
  path text NOT NULL DEFAULT '',
  permission_group_id bigint REFERENCES permission_group (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX department_name_key ON department (coalesce(parent_id, 0), lower(name));
CREATE INDEX department_path_idx ON department (path text_pattern_ops);
CREATE INDEX department_group_idx ON department (permission_group_id);

CREATE FUNCTION department_set_path() RETURNS trigger AS $$
BEGIN
  NEW.path := COALESCE((SELECT path FROM department WHERE id = NEW.parent_id), '/') || NEW.id || '/';
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER department_path BEFORE INSERT ON department FOR EACH ROW EXECUTE FUNCTION department_set_path();

-- At most one group per role (access number).
CREATE TABLE role_permission_group (
  access smallint PRIMARY KEY CHECK (access IN (1, 2, 3, 4, 10, 255)),
  permission_group_id bigint NOT NULL REFERENCES permission_group (id)
);
CREATE INDEX role_permission_group_group_idx ON role_permission_group (permission_group_id);

ALTER TABLE account ADD COLUMN department_id bigint REFERENCES department (id);
ALTER TABLE account ADD COLUMN permission_group_id bigint REFERENCES permission_group (id);
CREATE INDEX account_department_idx ON account (department_id) WHERE department_id IS NOT NULL;
CREATE INDEX account_permission_group_idx ON account (permission_group_id) WHERE permission_group_id IS NOT NULL;

-- The group a department's members get: its own, else that of the nearest department above it
-- that has one. NULL: none.
CREATE FUNCTION department_permission_group(bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT above.permission_group_id
  FROM department own JOIN department above ON own.path LIKE above.path || '%'
  WHERE own.id = $1 AND above.permission_group_id IS NOT NULL
  ORDER BY length(above.path) DESC
  LIMIT 1
$$;

-- The group whose switches an account holds: an administrator's own group, else its department's
-- (above); for every account, else its role's group. NULL: none, the role's defaults apply
-- (DEFAULT_PERMISSIONS in the code). Sessions read it (session repo), and so do the members list
-- and the guard that keeps an administrator able to manage permissions, so all three agree.
CREATE FUNCTION account_permission_group(bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    CASE WHEN a.access = 255 THEN coalesce(a.permission_group_id, department_permission_group(a.department_id)) END,
    (SELECT r.permission_group_id FROM role_permission_group r WHERE r.access = a.access)
  )
  FROM account a
  WHERE a.id = $1
$$;
