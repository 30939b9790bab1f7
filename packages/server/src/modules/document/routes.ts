import { documentCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { DocumentService } from './service.ts';

export function documentRoutes(app: FastifyInstance, documents: DocumentService) {
  route(app, documentCalls.list, (body, request) => documents.list(sessionOf(request), body));
  route(app, documentCalls.create, (body, request) => documents.create(sessionOf(request), clientInfo(request), body));
  route(app, documentCalls.update, (body, request) => documents.update(sessionOf(request), clientInfo(request), body));
  route(app, documentCalls.fileUpload, (_, request) => documents.uploadFile(sessionOf(request), request));
  route(app, documentCalls.fileAdd, (body, request) => documents.addFiles(sessionOf(request), clientInfo(request), body));
  route(app, documentCalls.fileRemove, (body, request) => documents.removeFile(sessionOf(request), clientInfo(request), body));
  route(app, documentCalls.coverUpload, (_, request) => documents.uploadCover(sessionOf(request), request));
  route(app, documentCalls.publish, (body, request) => documents.publish(sessionOf(request), clientInfo(request), body));
  route(app, documentCalls.delete, (body, request) => documents.delete(sessionOf(request), clientInfo(request), body.id));
  route(app, documentCalls.manuals, (query) => documents.manuals(query));
  route(app, documentCalls.manualFile, (query, request, reply) => documents.sendPublished(query.id, request, reply));
}
