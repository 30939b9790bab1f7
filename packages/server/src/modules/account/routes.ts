import { accountCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { AccountService } from './service.ts';

export function accountRoutes(app: FastifyInstance, accounts: AccountService) {
  route(app, accountCalls.sendCaptcha, (body, request) => accounts.sendCode(body, request.lang, clientInfo(request)));
  route(app, accountCalls.register, (body, request) => accounts.register(body, request.lang, clientInfo(request)));
  route(app, accountCalls.reset, (body, request) => accounts.reset(body, clientInfo(request)));
  route(app, accountCalls.info, (_input, request) => accounts.info(sessionOf(request), request.lang));
  route(app, accountCalls.access, (_input, request) => accounts.access(sessionOf(request)));
  route(app, accountCalls.update, (body, request) => accounts.updateInfo(sessionOf(request), body, request.lang));
  route(app, accountCalls.password, (body, request) =>
    accounts.changePassword(sessionOf(request), clientInfo(request), body.oldPassword, body.newPassword),
  );
}
