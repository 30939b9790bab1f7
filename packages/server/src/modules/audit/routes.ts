import {
  accountLogBody,
  accountLogExportBody,
  accountLogResult,
  envelope,
  operationLogBody,
  operationLogExportBody,
  operationLogResult,
  routeByName,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { AuditService } from './service.ts';

export function auditRoutes(app: FastifyInstance, audit: AuditService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: routeByName('log-audit').access };

  api.post(
    '/c/v0/log/operation/list',
    {
      config,
      schema: {
        tags: ['log'],
        summary: 'Operation log in scope, filtered and paginated',
        body: operationLogBody,
        response: { 200: envelope(operationLogResult) },
      },
    },
    async (request) => ok(await audit.list(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/log/operation/export',
    {
      config,
      schema: { tags: ['log'], summary: 'The operation log as an xlsx file (same filters, no paging)', body: operationLogExportBody },
    },
    async (request, reply) => {
      const file = await audit.export(sessionOf(request), request.body);
      return sendXlsx(reply, file, 'operation-log');
    },
  );

  api.post(
    '/c/v0/log/account/list',
    {
      config,
      schema: {
        tags: ['log'],
        summary: 'Account log in scope (sign-ins, sign-outs, password changes and resets, disabling), filtered and paginated',
        body: accountLogBody,
        response: { 200: envelope(accountLogResult) },
      },
    },
    async (request) => ok(await audit.accountLog(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/log/account/export',
    {
      config,
      schema: { tags: ['log'], summary: 'The account log as an xlsx file (same filters, no paging)', body: accountLogExportBody },
    },
    async (request, reply) => {
      const file = await audit.exportAccountLog(sessionOf(request), request.body);
      return sendXlsx(reply, file, 'account-log');
    },
  );
}
