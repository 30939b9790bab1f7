-- Indexes for the filtered lists (bench/RESULTS.md, "Plant and device lists at scale").
-- Serial numbers are ASCII: in C collation one index serves both LIKE 'prefix%' and the list order.
CREATE INDEX device_sn_c_idx ON device ((sn COLLATE "C"));
CREATE INDEX device_type_idx ON device (type, (sn COLLATE "C"));
CREATE INDEX datalogger_sn_c_idx ON datalogger ((sn COLLATE "C"));
CREATE INDEX plant_country_idx ON plant (country, type) WHERE deleted_at IS NULL;
