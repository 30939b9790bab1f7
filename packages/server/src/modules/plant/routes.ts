import {
  emptyResult,
  envelope,
  idQuery,
  plantCreateBody,
  plantDeleteBody,
  plantDetail,
  plantListBody,
  plantListResult,
  plantUpdateBody,
  routeByName,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { clientInfo } from '../session/routes.ts';
import type { PlantService } from './service.ts';

export function plantRoutes(app: FastifyInstance, plants: PlantService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = (name: string) => ({ access: routeByName(name).access });

  api.post(
    '/c/v0/plant/list',
    {
      config: access('plant'),
      schema: {
        tags: ['plant'],
        summary: 'Plants in scope, filtered and paginated',
        body: plantListBody,
        response: { 200: envelope(plantListResult) },
      },
    },
    async (request) => ok(await plants.list(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/plant/create',
    {
      config: access('plant-add'),
      schema: {
        tags: ['plant'],
        summary: 'Create a plant with at least one datalogger',
        body: plantCreateBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(await plants.create(sessionOf(request), clientInfo(request), request.body)),
  );

  api.get(
    '/c/v0/plant/detail',
    {
      config: access('plant-detail'),
      schema: { tags: ['plant'], summary: 'One plant', querystring: idQuery, response: { 200: envelope(plantDetail) } },
    },
    async (request) => ok(await plants.detail(sessionOf(request), request.query.id)),
  );

  api.post(
    '/c/v0/plant/update',
    {
      config: access('plant-edit'),
      schema: { tags: ['plant'], summary: 'Change a plant', body: plantUpdateBody, response: { 200: envelope(emptyResult) } },
    },
    async (request) => {
      await plants.update(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );

  api.post(
    '/c/v0/plant/delete',
    {
      config: access('plant'),
      schema: {
        tags: ['plant'],
        summary: 'Delete a plant (confirm when deleting many)',
        body: plantDeleteBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await plants.delete(sessionOf(request), clientInfo(request), request.body.id, request.body.confirm === true);
      return ok({});
    },
  );
}
