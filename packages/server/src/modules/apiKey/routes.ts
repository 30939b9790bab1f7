import { apiKeyCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { ApiKeyService } from './service.ts';

export function apiKeyRoutes(app: FastifyInstance, keys: ApiKeyService) {
  route(app, apiKeyCalls.create, (body, request) => keys.create(sessionOf(request), clientInfo(request), body));
  route(app, apiKeyCalls.list, (_input, request) => keys.list(sessionOf(request)));
  route(app, apiKeyCalls.delete, (body, request) => keys.revoke(sessionOf(request), clientInfo(request), body.id));
  route(app, apiKeyCalls.quotaList, (filters) => keys.quotaList(filters));
  route(app, apiKeyCalls.quotaSet, (body, request) => keys.setQuota(sessionOf(request), clientInfo(request), body));
}
