import { plantMapCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { PlantMapService } from './service.ts';

export function plantMapRoutes(app: FastifyInstance, map: PlantMapService) {
  route(app, plantMapCalls.map, (view, request) => map.clusters(sessionOf(request), view));
  route(app, plantMapCalls.mapPlants, (body, request) => map.plantsIn(sessionOf(request), body));
  route(app, plantMapCalls.mapConfig, () => map.config());
}
