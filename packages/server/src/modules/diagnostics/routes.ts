import { diagnosticsCalls, Errno, type ErrnoCode } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { notFound } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { sendSheet, sendXlsx } from '../../http/xlsx.ts';
import type { AgingService } from './aging.ts';
import type { LogService, UploadOutcome } from './logs.ts';
import type { DiagnosticsService } from './service.ts';

/** The HTTP status and errno of each refused device upload. */
const UPLOAD_REFUSALS: Record<Exclude<UploadOutcome, 'stored'>, [number, ErrnoCode]> = {
  refused: [410, Errno.logUploadRefused],
  tooLarge: [413, Errno.logUploadTooLarge],
  wrongType: [415, Errno.logUploadWrongType],
};

export function diagnosticsRoutes(app: FastifyInstance, diagnostics: DiagnosticsService, logs: LogService, aging: AgingService) {
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

  route(app, diagnosticsCalls.requestLog, (body, request) => logs.request(sessionOf(request), clientInfo(request), body));
  route(app, diagnosticsCalls.listLogs, (body, request) => logs.list(sessionOf(request), body));
  route(app, diagnosticsCalls.downloadLog, async (body, request, reply) => {
    // Bytes gone from the store answer like a missing log.
    if (!(await logs.send(request, reply, await logs.file(sessionOf(request), body.id)))) throw notFound();
    return reply;
  });
  route(app, diagnosticsCalls.exportLogs, async (body, request, reply) =>
    sendXlsx(reply, await logs.export(sessionOf(request), body, request.lang), 'device-logs'),
  );

  route(app, diagnosticsCalls.createAgingRun, (body, request) => aging.create(sessionOf(request), clientInfo(request), body));
  route(app, diagnosticsCalls.listAgingRuns, (body, request) => aging.list(sessionOf(request), body));
  route(app, diagnosticsCalls.agingRunDetail, (query, request) => aging.detail(sessionOf(request), query.id));
  route(app, diagnosticsCalls.agingAlarms, (body, request) => aging.alarms(sessionOf(request), body));
  route(app, diagnosticsCalls.agingDevice, (query, request) => aging.device(sessionOf(request), query));
  route(app, diagnosticsCalls.exportAgingReport, async (body, request, reply) =>
    sendSheet(reply, await aging.report(sessionOf(request), body.id, request.lang), `aging-report-${body.id}`, body.format),
  );

  // The one-time upload URL a log.upload command carries: the device's side of the protocol, not a console call
  // (no signature, no session: the token is the credential). The body streams into the file store as it comes.
  void app.register(async (deviceSide) => {
    deviceSide.removeAllContentTypeParsers();
    deviceSide.addContentTypeParser('*', (_request, _payload, done) => done(null));
    deviceSide.route<{ Params: { token: string } }>({
      method: ['PUT', 'POST'],
      url: '/device-log/:token',
      // A failed upload answers a failing HTTP status, so a device that reads only the status knows its log did not
      // arrive: 410 Gone for an unknown, used or expired URL, 413 for a log over the limit, 415 for a type refused.
      handler: async (request, reply) => {
        const outcome = await logs.upload(request.params.token, request.raw);
        if (outcome === 'stored') return { errno: 0, result: {} };
        const [status, errno] = UPLOAD_REFUSALS[outcome];
        return reply.code(status).send({ errno, result: {} });
      },
    });
  });
}
