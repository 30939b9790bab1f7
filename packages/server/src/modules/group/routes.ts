import {
  emptyResult,
  envelope,
  groupCreateBody,
  groupListBody,
  groupListResult,
  groupMembersBody,
  groupMembersChangeBody,
  groupMembersResult,
  groupRenameBody,
  idBody,
  routeByName,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { clientInfo } from '../session/routes.ts';
import type { GroupService } from './service.ts';

export function groupRoutes(app: FastifyInstance, groups: GroupService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: routeByName('group-management').access };
  const tags = ['group'];

  api.post(
    '/c/v0/group/list',
    {
      config,
      schema: {
        tags,
        summary: 'Groups of plants or devices, filtered and paginated',
        body: groupListBody,
        response: { 200: envelope(groupListResult) },
      },
    },
    async (request) => ok(await groups.list(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/group/create',
    {
      config,
      schema: {
        tags,
        summary: 'Create a named group of plants or devices',
        body: groupCreateBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(await groups.create(sessionOf(request), clientInfo(request), request.body)),
  );

  api.post(
    '/c/v0/group/rename',
    { config, schema: { tags, summary: 'Rename a group', body: groupRenameBody, response: { 200: envelope(emptyResult) } } },
    async (request) => {
      await groups.rename(sessionOf(request), clientInfo(request), request.body.id, request.body.name);
      return ok({});
    },
  );

  api.post(
    '/c/v0/group/delete',
    {
      config,
      schema: { tags, summary: 'Delete a group (its members stay as they are)', body: idBody, response: { 200: envelope(emptyResult) } },
    },
    async (request) => {
      await groups.delete(sessionOf(request), clientInfo(request), request.body.id);
      return ok({});
    },
  );

  api.post(
    '/c/v0/group/members',
    {
      config,
      schema: {
        tags,
        summary: "A group's members in scope, paginated",
        body: groupMembersBody,
        response: { 200: envelope(groupMembersResult) },
      },
    },
    async (request) => ok(await groups.members(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/group/addMembers',
    {
      config,
      schema: {
        tags,
        summary: 'Add plants (by id) or devices (by SN) in scope; all or none',
        body: groupMembersChangeBody,
        response: { 200: envelope(z.object({ added: z.number() })) },
      },
    },
    async (request) => ok(await groups.addMembers(sessionOf(request), clientInfo(request), request.body)),
  );

  api.post(
    '/c/v0/group/removeMembers',
    {
      config,
      schema: {
        tags,
        summary: 'Remove members; all or none',
        body: groupMembersChangeBody,
        response: { 200: envelope(z.object({ removed: z.number() })) },
      },
    },
    async (request) => ok(await groups.removeMembers(sessionOf(request), clientInfo(request), request.body)),
  );
}
