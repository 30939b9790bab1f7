import { z } from 'zod';
import { PLANT_STATUSES, type PlantStatus, pageFields } from './plant.ts';

/** The deepest zoom the plant map offers (street level); clusters still split up to here. */
export const PLANT_MAP_MAX_ZOOM = 18;
/** A cluster covers a square of this many screen pixels: the server groups plants on that grid. */
export const PLANT_MAP_CELL_PX = 64;

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/** The visible box of the map (degrees, west to east without crossing the antimeridian). */
export const mapBox = z
  .strictObject({ south: latitude, west: longitude, north: latitude, east: longitude })
  .refine((box) => box.south <= box.north && box.west <= box.east, { error: 'validation.invalid' });
export type MapBox = z.infer<typeof mapBox>;

/** Clusters of the plants in scope within a box, at a zoom level (spec section 2, /bus/plant/gaudeMap). */
export const plantMapBody = z.strictObject({
  box: mapBox,
  zoom: z.number().int().min(0).max(PLANT_MAP_MAX_ZOOM),
});
export type PlantMapBody = z.infer<typeof plantMapBody>;

/** How many plants of each status (spec section 4) a cell holds. */
export const statusCounts = z.object(Object.fromEntries(PLANT_STATUSES.map((status) => [status, z.number()]))) as z.ZodObject<
  Record<PlantStatus, z.ZodNumber>
>;
export type StatusCounts = z.infer<typeof statusCounts>;

/** One grid cell: a single plant (with its id, name and status) or a cluster of several. */
export const plantMapCell = z.object({
  /** Where to draw it: the mean position of its plants. */
  latitude: z.number(),
  longitude: z.number(),
  count: z.number(),
  statuses: statusCounts,
  /** The box its plants span: a click on a cluster zooms to it. */
  bounds: z.object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() }),
  /** Set when the cell holds one plant. */
  plant: z.object({ id: z.number(), name: z.string(), status: z.enum(PLANT_STATUSES) }).nullable(),
});
export type PlantMapCell = z.infer<typeof plantMapCell>;

export const plantMapResult = z.object({
  cells: z.array(plantMapCell),
  /** Plants in the box. */
  total: z.number(),
  /** Plants in scope without a position, which no map can show. */
  unlocated: z.number(),
});
export type PlantMapResult = z.infer<typeof plantMapResult>;

/** The plants within a box, a page at a time: what a cluster holds when its plants share one spot. */
export const plantMapPlantsBody = z.strictObject({ ...pageFields, box: mapBox });
export type PlantMapPlantsBody = z.infer<typeof plantMapPlantsBody>;
export const plantMapPlantsResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  plants: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      status: z.enum(PLANT_STATUSES),
      city: z.string(),
      country: z.string(),
      latitude: z.number(),
      longitude: z.number(),
    }),
  ),
});

/** The base map: a tile server when MAP_TILE_URL is set, otherwise only the bundled country outlines. */
export const plantMapConfig = z.object({
  tileUrl: z.string().nullable(),
  attribution: z.string(),
});
export type PlantMapConfig = z.infer<typeof plantMapConfig>;
