import { plantCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { sendSheet } from '../../http/xlsx.ts';
import type { PlantService } from './service.ts';

export function plantRoutes(app: FastifyInstance, plants: PlantService) {
  route(app, plantCalls.list, (filters, request) => plants.list(sessionOf(request), filters));
  route(app, plantCalls.export, async (body, request, reply) =>
    sendSheet(reply, await plants.export(sessionOf(request), body, request.lang), 'plants', body.format),
  );
  route(app, plantCalls.create, (body, request) => plants.create(sessionOf(request), clientInfo(request), body));
  route(app, plantCalls.detail, (query, request) => plants.detail(sessionOf(request), query.id));
  route(app, plantCalls.update, (body, request) => plants.update(sessionOf(request), clientInfo(request), body));
  route(app, plantCalls.linkSn, (body, request) => plants.linkSn(sessionOf(request), clientInfo(request), body));
  route(app, plantCalls.share, (body, request) => plants.share(sessionOf(request), clientInfo(request), body.id, body.user, body.role));
  route(app, plantCalls.unshare, (body, request) => plants.unshare(sessionOf(request), clientInfo(request), body.id, body.user));
  route(app, plantCalls.members, (query, request) => plants.members(sessionOf(request), query.id));
  route(app, plantCalls.delete, (body, request) => plants.delete(sessionOf(request), clientInfo(request), body.id, body.confirm === true));
}
