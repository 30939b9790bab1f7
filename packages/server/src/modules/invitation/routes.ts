import {
  emptyResult,
  envelope,
  invitationCheckQuery,
  invitationCheckResult,
  invitationCreateBody,
  invitationListBody,
  invitationListResult,
  invitationRevokeBody,
  routeByName,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { clientInfo } from '../session/routes.ts';
import type { InvitationService } from './service.ts';

export function invitationRoutes(app: FastifyInstance, invitations: InvitationService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: routeByName('invitation').access };
  const tags = ['invitation'];

  api.post(
    '/c/v0/invitation/create',
    {
      config,
      schema: {
        tags,
        summary: 'Invite an email address to a branch as installer or end user; the mail links to sign-up',
        body: invitationCreateBody,
        response: { 200: envelope(z.object({ id: z.number(), expiresAt: z.number() })) },
      },
    },
    async (request) => ok(await invitations.create(sessionOf(request), clientInfo(request), request.body, request.lang)),
  );

  api.post(
    '/c/v0/invitation/list',
    {
      config,
      schema: {
        tags,
        summary: 'Invitations into the branch, filtered and paginated',
        body: invitationListBody,
        response: { 200: envelope(invitationListResult) },
      },
    },
    async (request) => ok(await invitations.list(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/invitation/revoke',
    {
      config,
      schema: { tags, summary: 'Withdraw a pending invitation', body: invitationRevokeBody, response: { 200: envelope(emptyResult) } },
    },
    async (request) => {
      await invitations.revoke(sessionOf(request), clientInfo(request), request.body.id);
      return ok({});
    },
  );

  api.get(
    '/c/v0/invitation/check',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "An invitation link's address, role and branch, for the sign-up page (41940 when it cannot be used)",
        querystring: invitationCheckQuery,
        response: { 200: envelope(invitationCheckResult) },
      },
    },
    async (request) => ok(await invitations.check(request.query.token)),
  );
}
