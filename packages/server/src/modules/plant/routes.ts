import {
  emptyResult,
  envelope,
  idQuery,
  plantCreateBody,
  plantDeleteBody,
  plantDetail,
  plantLinkSnBody,
  plantListBody,
  plantListResult,
  plantMemberBody,
  plantMembersResult,
  plantUnshareBody,
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
    '/c/v0/plant/linkSn',
    {
      config: access('plant-link-sn'),
      schema: {
        tags: ['plant'],
        summary: 'Add registered dataloggers to a plant',
        body: plantLinkSnBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await plants.linkSn(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );

  api.post(
    '/c/v0/plant/share',
    {
      config: access('plant-detail'),
      schema: {
        tags: ['plant'],
        summary: 'Share read-only with an end user, or grant an installer',
        body: plantMemberBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await plants.share(sessionOf(request), clientInfo(request), request.body.id, request.body.user, request.body.role);
      return ok({});
    },
  );

  api.post(
    '/c/v0/plant/unshare',
    {
      config: access('plant-detail'),
      schema: { tags: ['plant'], summary: 'Revoke a share or grant', body: plantUnshareBody, response: { 200: envelope(emptyResult) } },
    },
    async (request) => {
      await plants.unshare(sessionOf(request), clientInfo(request), request.body.id, request.body.user);
      return ok({});
    },
  );

  api.get(
    '/c/v0/plant/members',
    {
      config: access('plant-detail'),
      schema: {
        tags: ['plant'],
        summary: 'Accounts a plant is shared with or granted to',
        querystring: idQuery,
        response: { 200: envelope(plantMembersResult) },
      },
    },
    async (request) => ok(await plants.members(sessionOf(request), request.query.id)),
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
