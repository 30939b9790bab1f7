-- What electricity costs a plant (issue 21, owners' money figures): the price of a kWh bought from
-- the grid, and time-of-use price periods ([{start, end, kind, price}], local clock, never
-- overlapping) that replace it where set. The feed-in tariff and the currency are in 0002.
ALTER TABLE plant ADD COLUMN import_price numeric(10, 4);
ALTER TABLE plant ADD COLUMN price_periods jsonb NOT NULL DEFAULT '[]';
