-- How a plant's modules lie (issue 21, expected yield): inclination from horizontal (0-90°) and
-- the compass bearing they face (0 north, 90 east, 180 south, 270 west). Null: the expected yield
-- assumes 30° facing the equator.
ALTER TABLE plant ADD COLUMN panel_tilt numeric(4, 1) CHECK (panel_tilt BETWEEN 0 AND 90);
ALTER TABLE plant ADD COLUMN panel_azimuth numeric(4, 1) CHECK (panel_azimuth >= 0 AND panel_azimuth < 360);
