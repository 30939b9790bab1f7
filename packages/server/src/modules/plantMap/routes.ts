import {
  envelope,
  plantMapBody,
  plantMapConfig,
  plantMapPlantsBody,
  plantMapPlantsResult,
  plantMapResult,
  routeByName,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { PlantMapService } from './service.ts';

export function plantMapRoutes(app: FastifyInstance, map: PlantMapService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The map screen's codes; the plant add screen's location picker (installers, agents, distributors) is within them.
  const config = { access: routeByName('plant-map').access };

  api.post(
    '/c/v0/plant/map',
    {
      config,
      schema: {
        tags: ['plant'],
        summary: 'Plants in scope within a box, clustered on a grid for a zoom level, with counts per status',
        body: plantMapBody,
        response: { 200: envelope(plantMapResult) },
      },
    },
    async (request) => ok(await map.clusters(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/plant/mapPlants',
    {
      config,
      schema: {
        tags: ['plant'],
        summary: 'Plants in scope within a box (what a cluster at one spot holds), paginated',
        body: plantMapPlantsBody,
        response: { 200: envelope(plantMapPlantsResult) },
      },
    },
    async (request) => ok(await map.plantsIn(sessionOf(request), request.body)),
  );

  api.get(
    '/c/v0/plant/mapConfig',
    {
      config,
      schema: {
        tags: ['plant'],
        summary: 'The base map: the configured tile server (MAP_TILE_URL) or none, and its credit',
        response: { 200: envelope(plantMapConfig) },
      },
    },
    async () => ok(map.config()),
  );
}
