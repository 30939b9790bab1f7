import { and, eq, sql } from 'drizzle-orm';
import { plantVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rawSql.ts';
import { plant } from '../../db/schema.ts';

/** A plant the caller sees, with what its figures need: zone, prices, size and place. */
export function createEconomicsRepo(db: Db) {
  return {
    async visiblePlant(scope: Scope, id: number) {
      const [row] = await db
        .select({
          id: plant.id,
          timeZone: plant.timeZone,
          currency: plant.currency,
          feedInTariff: plant.feedInTariff,
          importPrice: plant.importPrice,
          pricePeriods: plant.pricePeriods,
          latitude: plant.latitude,
          longitude: plant.longitude,
          pvSizeKwp: plant.pvSizeKwp,
          systemSizeKw: plant.systemSizeKw,
          panelTilt: plant.panelTilt,
          panelAzimuth: plant.panelAzimuth,
        })
        .from(plant)
        .where(and(eq(plant.id, id), plantVisible(db, scope)));
      return row;
    },

    /** The newest SoC and stored energy of each battery of a plant that reported them. */
    async batteries(plantId: number) {
      return selectRows<{ soc: number; residual: number | null }>(
        db,
        sql`select (l.vars ->> 'SoC')::float8 as soc, (l.vars ->> 'ResidualEnergy')::float8 as residual
          from device d join telemetry_latest l on l.device_id = d.id
          where d.plant_id = ${plantId} and d.type = 'battery' and l.vars ? 'SoC'`,
      );
    },
  };
}
export type EconomicsRepo = ReturnType<typeof createEconomicsRepo>;
