import { emptyResult, envelope, loginBody, loginResult } from '@sunstack/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { ClientInfo, SessionService } from './service.ts';

export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

export function sessionRoutes(app: FastifyInstance, sessions: SessionService) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/c/v0/user/login',
    {
      config: { access: 'public' },
      schema: { tags: ['user'], summary: 'Sign in with a user name or email', body: loginBody, response: { 200: envelope(loginResult) } },
    },
    async (request) => ok(await sessions.login(request.body, clientInfo(request))),
  );

  api.post(
    '/c/v0/user/logout',
    {
      config: { access: 'signedIn', whilePasswordChangeRequired: true },
      schema: { tags: ['user'], summary: 'Sign out', response: { 200: envelope(emptyResult) } },
    },
    async (request) => {
      await sessions.logout(sessionOf(request), clientInfo(request));
      return ok({});
    },
  );
}
