import { type MapBox, PLANT_MAP_CELL_PX, PLANT_STATUSES, type PlantStatus } from '@sunstack/shared';
import { and, asc, between, count, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { plantVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import type { Page } from '../../db/page.ts';
import { plant } from '../../db/schema.ts';
import { status } from '../plant/repo.ts';

/** Web Mercator stops at ±85.0511° (the map is square there); plants beyond sit on its edge. */
const MERCATOR_MAX_LATITUDE = 85.0511;

/** How many grid cells span the world at a zoom: the map is 256 × 2^zoom pixels wide. */
export const cellsPerWorld = (zoom: number) => (256 * 2 ** zoom) / PLANT_MAP_CELL_PX;

/** A latitude's position on the Web Mercator map, 0 (north edge) to 1 (south edge). */
export function mercatorY(latitude: number): number {
  const clamped = Math.max(-MERCATOR_MAX_LATITUDE, Math.min(MERCATOR_MAX_LATITUDE, latitude));
  const phi = (clamped * Math.PI) / 180;
  return (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2;
}

function inBox(box: MapBox): SQL {
  return and(
    isNotNull(plant.latitude),
    isNotNull(plant.longitude),
    between(plant.latitude, box.south, box.north),
    between(plant.longitude, box.west, box.east),
  ) as SQL;
}

export function createPlantMapRepo(db: Db) {
  return {
    /**
     * The plants in scope within the box, grouped on the zoom's grid in SQL: one row per occupied
     * cell with its count per status, mean position and extent, so 100,000 plants travel as a few
     * hundred cells (the grid of mercatorY and cellsPerWorld above). bench/plantMap.ts measures it.
     */
    async cells(scope: Scope, box: MapBox, zoom: number) {
      const n = sql.raw(String(cellsPerWorld(zoom)));
      const latitude = sql`least(greatest(${plant.latitude}, ${-MERCATOR_MAX_LATITUDE}::float8), ${MERCATOR_MAX_LATITUDE}::float8)`;
      const gx = sql`floor((${plant.longitude} + 180) / 360 * ${n})::bigint`;
      const gy = sql`floor((1 - ln(tan(radians(${latitude})) + 1 / cos(radians(${latitude}))) / pi()) / 2 * ${n})::bigint`;
      // A LIMIT (that never cuts) keeps this subquery from being merged into the grouping: the status
      // is computed once per plant, not once per aggregate that reads it, and PostgreSQL hashes
      // the cells instead of sorting every plant.
      const located = db
        .select({
          id: plant.id,
          lat: sql<number>`${plant.latitude}`.as('lat'),
          lng: sql<number>`${plant.longitude}`.as('lng'),
          status: sql<PlantStatus>`${status}`.as('status'),
          cell: sql<number>`${gx} * ${n} + ${gy}`.as('cell'),
        })
        .from(plant)
        .where(and(plantVisible(db, scope), inBox(box)))
        .limit(Number.MAX_SAFE_INTEGER)
        .as('located');
      const perStatus = Object.fromEntries(
        PLANT_STATUSES.map((name) => [name, sql<number>`count(*) filter (where ${located.status} = ${name})`.mapWith(Number)]),
      ) as Record<PlantStatus, SQL<number>>;
      const rows = await db
        .select({
          count: count(),
          latitude: sql<number>`avg(${located.lat})`.mapWith(Number),
          longitude: sql<number>`avg(${located.lng})`.mapWith(Number),
          south: sql<number>`min(${located.lat})`.mapWith(Number),
          north: sql<number>`max(${located.lat})`.mapWith(Number),
          west: sql<number>`min(${located.lng})`.mapWith(Number),
          east: sql<number>`max(${located.lng})`.mapWith(Number),
          ...perStatus,
          // Read only where the cell holds one plant: then they are that plant's.
          id: sql<number>`min(${located.id})`.mapWith(Number),
          status: sql<PlantStatus>`min(${located.status})`,
        })
        .from(located)
        .groupBy(located.cell);
      // Names only for the cells a marker names (one plant each): no text is aggregated over the rest.
      const singles = rows.filter((row) => row.count === 1).map((row) => row.id);
      const names =
        singles.length === 0 ? [] : await db.select({ id: plant.id, name: plant.name }).from(plant).where(inArray(plant.id, singles));
      const nameOf = new Map(names.map((row) => [row.id, row.name]));
      return rows.map((row) => ({ ...row, name: nameOf.get(row.id) ?? '' }));
    },

    /** Plants in scope that have no position. */
    async unlocated(scope: Scope) {
      const [row] = await db
        .select({ n: count() })
        .from(plant)
        .where(and(plantVisible(db, scope), or(isNull(plant.latitude), isNull(plant.longitude))));
      return row?.n ?? 0;
    },

    /** The plants in scope within the box, by name, a page at a time. */
    async plantsIn(scope: Scope, box: MapBox, page: Page) {
      const where = and(plantVisible(db, scope), inBox(box));
      const total = await db.$count(plant, where);
      const rows = await db
        .select({
          id: plant.id,
          name: plant.name,
          status,
          city: plant.city,
          country: plant.country,
          latitude: sql<number>`${plant.latitude}`.mapWith(Number),
          longitude: sql<number>`${plant.longitude}`.mapWith(Number),
        })
        .from(plant)
        .where(where)
        .orderBy(asc(plant.name), asc(plant.id))
        .limit(page.limit)
        .offset(page.offset);
      return { total, rows };
    },
  };
}
export type PlantMapRepo = ReturnType<typeof createPlantMapRepo>;
