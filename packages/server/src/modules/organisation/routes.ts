import { organisationCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { OrganisationService } from './service.ts';

export function organisationRoutes(app: FastifyInstance, organisations: OrganisationService) {
  route(app, organisationCalls.move, (body, request) =>
    organisations.move(sessionOf(request), clientInfo(request), body.id, body.parentId),
  );
}
