import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { endUser: U, installer: I, agent: A, distributor: D, admin: M } = Access;
/** The map screen's roles; the plant add screen's location picker (installers, agents, distributors) is within them. */
const MAP_VIEWERS = [U, I, A, D, M] as const;

/** The plant map (/bus/plant/gaudeMap). */
export const plantMapCalls = {
  map: defineCall({
    method: 'POST',
    path: '/c/v0/plant/map',
    access: MAP_VIEWERS,
    body: 'plantMapBody',
    answer: 'plantMapResult',
    tag: 'plant',
    summary: 'Plants in scope within a box, clustered on a grid for a zoom level, with counts per status',
  }),
  mapPlants: defineCall({
    method: 'POST',
    path: '/c/v0/plant/mapPlants',
    access: MAP_VIEWERS,
    body: 'plantMapPlantsBody',
    answer: 'plantMapPlantsResult',
    tag: 'plant',
    summary: 'Plants in scope within a box (what a cluster at one spot holds), paginated',
  }),
  mapConfig: defineCall({
    method: 'GET',
    path: '/c/v0/plant/mapConfig',
    access: MAP_VIEWERS,
    answer: 'plantMapConfig',
    tag: 'plant',
    summary: 'The base map: the configured tile server (MAP_TILE_URL) or none, and its credit',
  }),
} satisfies Record<string, CallDeclaration>;
