import { invitationCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { InvitationService } from './service.ts';

export function invitationRoutes(app: FastifyInstance, invitations: InvitationService) {
  route(app, invitationCalls.create, (body, request) => invitations.create(sessionOf(request), clientInfo(request), body, request.lang));
  route(app, invitationCalls.list, (filters, request) => invitations.list(sessionOf(request), filters));
  route(app, invitationCalls.revoke, (body, request) => invitations.revoke(sessionOf(request), clientInfo(request), body.id));
  route(app, invitationCalls.check, (query) => invitations.check(query.token));
}
