import { groupCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { GroupService } from './service.ts';

export function groupRoutes(app: FastifyInstance, groups: GroupService) {
  route(app, groupCalls.list, (body, request) => groups.list(sessionOf(request), body));
  route(app, groupCalls.create, (body, request) => groups.create(sessionOf(request), clientInfo(request), body));
  route(app, groupCalls.rename, (body, request) => groups.rename(sessionOf(request), clientInfo(request), body.id, body.name));
  route(app, groupCalls.delete, (body, request) => groups.delete(sessionOf(request), clientInfo(request), body.id));
  route(app, groupCalls.members, (body, request) => groups.members(sessionOf(request), body));
  route(app, groupCalls.addMembers, (body, request) => groups.addMembers(sessionOf(request), clientInfo(request), body));
  route(app, groupCalls.removeMembers, (body, request) => groups.removeMembers(sessionOf(request), clientInfo(request), body));
}
