import { sessionCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { SessionService } from './service.ts';

export function sessionRoutes(app: FastifyInstance, sessions: SessionService) {
  route(app, sessionCalls.login, (body, request) => sessions.login(body, clientInfo(request)));
  route(app, sessionCalls.logout, (_input, request) => sessions.logout(sessionOf(request), clientInfo(request)));
}
