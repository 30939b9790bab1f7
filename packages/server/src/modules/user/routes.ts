import { userCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { UserService } from './service.ts';

/** User management (/bus/user/management): accounts of the caller's branch. */
export function userRoutes(app: FastifyInstance, users: UserService) {
  route(app, userCalls.list, (filters, request) => users.list(sessionOf(request), filters));
  route(app, userCalls.detail, (query, request) => users.detail(sessionOf(request), query.id));
  route(app, userCalls.organisations, (query, request) => users.organisations(sessionOf(request), query.name));
  route(app, userCalls.create, (body, request) => users.create(sessionOf(request), clientInfo(request), body, request.lang));
  route(app, userCalls.edit, (body, request) => users.update(sessionOf(request), clientInfo(request), body));
  route(app, userCalls.status, (body, request) => users.setEnabled(sessionOf(request), clientInfo(request), body.id, body.enabled));
  route(app, userCalls.resetPassword, (body, request) => users.resetPassword(sessionOf(request), clientInfo(request), body.id));
}
