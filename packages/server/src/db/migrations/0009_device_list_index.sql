-- The device lists show devices that are in a plant (device/list adds plant_id IS NOT NULL): their
-- pager counts and type filters read this narrow index alone instead of every device row.
CREATE INDEX device_in_plant_type_idx ON device (type) WHERE plant_id IS NOT NULL;
