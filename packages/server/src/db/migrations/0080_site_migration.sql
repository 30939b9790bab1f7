-- Site migration (spec section 6, switch site.migrate): one plant of an account moves to another account of the same
-- kind through the account migration's code and record; the record names the plant (null: every plant of the source).
ALTER TABLE account_migration ADD COLUMN plant_id bigint REFERENCES plant (id);
