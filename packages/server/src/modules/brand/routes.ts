import { brandCalls, brandSiteCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { BrandService } from './service.ts';

export function brandRoutes(app: FastifyInstance, brands: BrandService) {
  route(app, brandCalls.list, (_, request) => brands.list(sessionOf(request)));
  route(app, brandCalls.create, (body, request) => brands.create(sessionOf(request), clientInfo(request), body));
  route(app, brandCalls.update, (body, request) => brands.update(sessionOf(request), clientInfo(request), body));
  route(app, brandCalls.delete, (body, request) => brands.delete(sessionOf(request), clientInfo(request), body.id));
  route(app, brandCalls.logoUpload, (_, request) => brands.uploadLogo(sessionOf(request), request));
  route(app, brandSiteCalls.current, (_, request) => brands.current(request.hostname));
  route(app, brandSiteCalls.logo, (query, request, reply) => brands.sendLogo(query.id, request, reply));
}
