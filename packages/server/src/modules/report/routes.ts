import { reportCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { DataReportService } from './dataService.ts';

export function reportRoutes(app: FastifyInstance, data: DataReportService) {
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
}
