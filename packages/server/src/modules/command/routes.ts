import { commandCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { CommandService } from './service.ts';

export function commandRoutes(app: FastifyInstance, commands: CommandService) {
  route(app, commandCalls.settingGet, (body, request) => commands.requestSettings(sessionOf(request), clientInfo(request), body));
  route(app, commandCalls.settingSet, (body, request) => commands.changeSettings(sessionOf(request), clientInfo(request), body));
  route(app, commandCalls.detail, (query, request) => commands.detail(sessionOf(request), query.id));
  route(app, commandCalls.list, (filters, request) => commands.list(sessionOf(request), filters));
  route(app, commandCalls.cancel, (body, request) => commands.cancel(sessionOf(request), clientInfo(request), body.id));
}
