import { and, eq } from 'drizzle-orm';
import { plantVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
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
        })
        .from(plant)
        .where(and(eq(plant.id, id), plantVisible(db, scope)));
      return row;
    },
  };
}
export type EconomicsRepo = ReturnType<typeof createEconomicsRepo>;
