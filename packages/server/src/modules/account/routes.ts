import {
  accessResult,
  changePasswordBody,
  emptyResult,
  envelope,
  loginResult,
  registerBody,
  resetBody,
  routeByName,
  sendCaptchaBody,
  updateInfoBody,
  userInfo,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { clientInfo } from '../session/routes.ts';
import type { AccountService } from './service.ts';

export function accountRoutes(app: FastifyInstance, accounts: AccountService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const userCenter = routeByName('user-center').access;

  api.post(
    '/c/v0/user/sendcaptcha',
    {
      config: { access: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Email a verification code (sign-up: to the address given; reset: to the mailbox of the user name)',
        body: sendCaptchaBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await accounts.sendCode(request.body, request.lang, clientInfo(request));
      return ok({});
    },
  );

  api.post(
    '/c/v1/user/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Sign up as an end user or installer',
        body: registerBody,
        response: { 200: envelope(loginResult) },
      },
    },
    async (request) => ok(await accounts.register(request.body, request.lang, clientInfo(request))),
  );

  api.post(
    '/c/v0/user/reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Set a new password with an emailed code',
        body: resetBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await accounts.reset(request.body, clientInfo(request));
      return ok({});
    },
  );

  api.get(
    '/c/v0/user/info',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['user'], summary: "The signed-in account's details", response: { 200: envelope(userInfo) } },
    },
    async (request) => ok(await accounts.info(sessionOf(request), request.lang)),
  );

  api.get(
    '/c/v0/user/access',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: 'Access number, reachable screens and button permissions',
        response: { 200: envelope(accessResult) },
      },
    },
    async (request) => ok(accounts.access(sessionOf(request))),
  );

  api.post(
    '/c/v0/user/update',
    {
      config: { access: userCenter },
      schema: {
        tags: ['user'],
        summary: 'Change profile fields and language',
        body: updateInfoBody,
        response: { 200: envelope(userInfo) },
      },
    },
    async (request) => ok(await accounts.updateInfo(sessionOf(request), request.body, request.lang)),
  );

  api.post(
    '/c/v0/user/password',
    {
      // Every account, the integrator too: a password an operator set must be replaced before anything else.
      config: { access: 'signedIn', whilePasswordChangeRequired: true },
      schema: {
        tags: ['user'],
        summary: 'Change the password; other sessions end',
        body: changePasswordBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await accounts.changePassword(sessionOf(request), clientInfo(request), request.body.oldPassword, request.body.newPassword);
      return ok({});
    },
  );
}
