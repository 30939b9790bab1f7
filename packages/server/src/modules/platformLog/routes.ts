import { platformLogCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { PlatformLogService } from './service.ts';

export function platformLogRoutes(app: FastifyInstance, platformLog: PlatformLogService) {
  route(app, platformLogCalls.list, (body, request) => platformLog.list(sessionOf(request), body));
  route(app, platformLogCalls.export, async (body, request, reply) =>
    sendXlsx(reply, await platformLog.export(sessionOf(request), body), 'platform-log'),
  );
}
