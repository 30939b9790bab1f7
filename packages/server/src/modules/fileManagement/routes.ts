import { fileManagementCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { FileManagementService } from './service.ts';

export function fileManagementRoutes(app: FastifyInstance, management: FileManagementService) {
  route(app, fileManagementCalls.list, (body) => management.list(body));
  route(app, fileManagementCalls.download, (query, request, reply) => management.send(query.id, request, reply));
  route(app, fileManagementCalls.delete, (body, request) => management.delete(sessionOf(request), clientInfo(request), body.id));
}
