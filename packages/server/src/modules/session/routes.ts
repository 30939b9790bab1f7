import { sessionCalls } from '@sunstack/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { ClientInfo, SessionService } from './service.ts';

export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

export function sessionRoutes(app: FastifyInstance, sessions: SessionService) {
  route(app, sessionCalls.login, (body, request) => sessions.login(body, clientInfo(request)));
  route(app, sessionCalls.logout, async (_input, request) => {
    await sessions.logout(sessionOf(request), clientInfo(request));
    return {};
  });
}
