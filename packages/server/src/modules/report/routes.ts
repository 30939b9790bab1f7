import { reportCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { DataReportService } from './dataService.ts';
import type { ReportExportService } from './exportService.ts';
import type { FleetService } from './fleetService.ts';

export function reportRoutes(app: FastifyInstance, data: DataReportService, exports: ReportExportService, fleet: FleetService) {
  route(app, reportCalls.data, (body, request) => data.query(sessionOf(request), body));
  route(app, reportCalls.dataExport, async (body, request, reply) => {
    const file = await data.export(sessionOf(request), body, request.lang);
    const name = `data-report-${body.from}-${body.to}`;
    if (file.type === 'xlsx') return sendXlsx(reply, file.bytes, name);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .send(file.bytes);
  });
  route(app, reportCalls.dataChoices, (_, request) => data.choices(sessionOf(request)));
  route(app, reportCalls.trend, (body, request) => fleet.trend(sessionOf(request), body));
  route(app, reportCalls.devops, () => fleet.devops());
  route(app, reportCalls.list, (body, request) => exports.list(sessionOf(request), body));
  route(app, reportCalls.create, (body, request) => exports.create(sessionOf(request), clientInfo(request), body, request.lang));
  route(app, reportCalls.generate, (body, request) => exports.generateAgain(sessionOf(request), body.id));
  route(app, reportCalls.delete, async (body, request) => {
    await exports.delete(sessionOf(request), clientInfo(request), body.id);
    return {};
  });
  route(app, reportCalls.file, (body, request, reply) => exports.send(sessionOf(request), body, request, reply));
}
