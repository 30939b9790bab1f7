import { templateCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { TemplateService } from './service.ts';

export function templateRoutes(app: FastifyInstance, templates: TemplateService) {
  route(app, templateCalls.list, (body, request) => templates.list(sessionOf(request), body));
  route(app, templateCalls.create, (body, request) => templates.create(sessionOf(request), clientInfo(request), body));
  route(app, templateCalls.update, (body, request) => templates.update(sessionOf(request), clientInfo(request), body));
  route(app, templateCalls.delete, (body, request) => templates.delete(sessionOf(request), clientInfo(request), body.id));
}
