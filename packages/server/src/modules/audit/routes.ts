import { auditCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { AuditService } from './service.ts';

export function auditRoutes(app: FastifyInstance, audit: AuditService) {
  route(app, auditCalls.operationList, (body, request) => audit.list(sessionOf(request), body));
  route(app, auditCalls.operationExport, async (body, request, reply) =>
    sendXlsx(reply, await audit.export(sessionOf(request), body), 'operation-log'),
  );
  route(app, auditCalls.accountList, (body, request) => audit.accountLog(sessionOf(request), body));
  route(app, auditCalls.accountExport, async (body, request, reply) =>
    sendXlsx(reply, await audit.exportAccountLog(sessionOf(request), body), 'account-log'),
  );
}
