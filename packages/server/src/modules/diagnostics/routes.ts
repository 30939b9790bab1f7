import { diagnosticsCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { DiagnosticsService } from './service.ts';

export function diagnosticsRoutes(app: FastifyInstance, diagnostics: DiagnosticsService) {
  route(app, diagnosticsCalls.stringConfig, (query, request) => diagnostics.config(sessionOf(request), query.sn));
  route(app, diagnosticsCalls.setStringConfig, async (body, request) => {
    await diagnostics.setConfig(sessionOf(request), clientInfo(request), body);
    return {};
  });
  route(app, diagnosticsCalls.createTask, (body, request) => diagnostics.createTask(sessionOf(request), clientInfo(request), body));
  route(app, diagnosticsCalls.listTasks, (body, request) => diagnostics.tasks(sessionOf(request), body));
  route(app, diagnosticsCalls.taskDetail, (query, request) => diagnostics.task(sessionOf(request), query.id));
  route(app, diagnosticsCalls.curveDetail, (query, request) => diagnostics.curveDetail(sessionOf(request), query));
  route(app, diagnosticsCalls.recordCleaning, async (body, request) => {
    await diagnostics.recordCleaning(sessionOf(request), clientInfo(request), body);
    return {};
  });
}
