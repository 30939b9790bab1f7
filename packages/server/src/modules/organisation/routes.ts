import { emptyResult, envelope, organisationMoveBody, routeByName } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { clientInfo } from '../session/routes.ts';
import type { OrganisationService } from './service.ts';

export function organisationRoutes(app: FastifyInstance, organisations: OrganisationService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/c/v0/organisation/move',
    {
      config: { access: routeByName('power-info').access },
      schema: {
        tags: ['organisation'],
        summary: 'Move a branch under another organisation',
        body: organisationMoveBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await organisations.move(sessionOf(request), clientInfo(request), request.body.id, request.body.parentId);
      return ok({});
    },
  );
}
