import {
  emptyResult,
  envelope,
  idQuery,
  oneTimePasswordResult,
  routeByName,
  userCreateBody,
  userIdBody,
  userListBody,
  userListResult,
  userOrganisationsQuery,
  userOrganisationsResult,
  userStatusBody,
  userSummary,
  userUpdateBody,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { clientInfo } from '../session/routes.ts';
import type { UserService } from './service.ts';

/** User management (/bus/user/management): accounts of the caller's branch. */
export function userRoutes(app: FastifyInstance, users: UserService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: routeByName('user-management').access };
  const tags = ['user management'];

  api.post(
    '/c/v0/user/list',
    {
      config,
      schema: {
        tags,
        summary: 'Accounts in scope, filtered and paginated',
        body: userListBody,
        response: { 200: envelope(userListResult) },
      },
    },
    async (request) => ok(await users.list(sessionOf(request), request.body)),
  );

  api.get(
    '/c/v0/user/detail',
    { config, schema: { tags, summary: 'One account in scope', querystring: idQuery, response: { 200: envelope(userSummary) } } },
    async (request) => ok(await users.detail(sessionOf(request), request.query.id)),
  );

  api.get(
    '/c/v0/user/organisations',
    {
      config,
      schema: {
        tags,
        summary: "Organisations of the caller's branch an account can be placed in (by name, at most 50)",
        querystring: userOrganisationsQuery,
        response: { 200: envelope(userOrganisationsResult) },
      },
    },
    async (request) => ok(await users.organisations(sessionOf(request), request.query.name)),
  );

  api.post(
    '/c/v0/user/create',
    {
      config,
      schema: {
        tags,
        summary: 'Create an account with a one-time password (answered once; to be changed at first sign-in)',
        body: userCreateBody,
        response: { 200: envelope(oneTimePasswordResult) },
      },
    },
    async (request) => ok(await users.create(sessionOf(request), clientInfo(request), request.body, request.lang)),
  );

  api.post(
    '/c/v0/user/edit',
    {
      config,
      schema: {
        tags,
        summary: "Change an account's details, role or organisation",
        body: userUpdateBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await users.update(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );

  api.post(
    '/c/v0/user/status',
    {
      config,
      schema: {
        tags,
        summary: 'Disable or enable an account (disabling ends its sessions)',
        body: userStatusBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await users.setEnabled(sessionOf(request), clientInfo(request), request.body.id, request.body.enabled);
      return ok({});
    },
  );

  api.post(
    '/c/v0/user/resetPassword',
    {
      config,
      schema: {
        tags,
        summary: "Reset an account's password to a one-time password (answered once); its sessions end",
        body: userIdBody,
        response: { 200: envelope(oneTimePasswordResult) },
      },
    },
    async (request) => ok(await users.resetPassword(sessionOf(request), clientInfo(request), request.body.id)),
  );
}
