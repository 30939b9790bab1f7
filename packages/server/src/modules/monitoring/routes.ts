import { monitoringCalls } from '@sunstack/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/calls.ts';
import { createEventStreams } from '../../http/eventStreams.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { LiveUpdates } from './liveUpdates.ts';
import type { MonitoringService } from './service.ts';

export function monitoringRoutes(app: FastifyInstance, monitoring: MonitoringService, live: LiveUpdates) {
  const streams = createEventStreams(app);

  route(app, monitoringCalls.deviceReal, (body, request) => monitoring.realQuery(sessionOf(request), body));
  route(app, monitoringCalls.deviceHistory, (body, request) => monitoring.historyQuery(sessionOf(request), body));
  route(app, monitoringCalls.deviceReport, (body, request) => monitoring.deviceReport(sessionOf(request), body));
  route(app, monitoringCalls.plantReport, (body, request) => monitoring.plantReport(sessionOf(request), body));
  route(app, monitoringCalls.plantCurves, (body, request) => monitoring.plantCurves(sessionOf(request), body));
  route(app, monitoringCalls.plantFlow, (query, request) => monitoring.plantFlow(sessionOf(request), query.id));
  route(app, monitoringCalls.plantOverview, (filters, request) => monitoring.plantOverview(sessionOf(request), filters));
  route(app, monitoringCalls.fleetSummary, (_, request) => monitoring.fleetSummary(sessionOf(request)));

  /**
   * A live stream of values read with the caller's scope each time: out of scope answers 40404 like
   * any call before the stream opens, and ends it later. It follows the plant's new data.
   */
  async function openStream(reply: FastifyReply, read: () => Promise<{ plantId: number | null; values: unknown }>) {
    const first = await read();
    const { plantId } = first;
    return streams.start(reply, {
      first: first.values,
      reread: async () => (await read()).values,
      // A device in no plant gets no new data (its datalogger's plant decides): only the first values.
      subscribe: plantId === null ? undefined : (changed) => live.subscribe(plantId, changed),
    });
  }

  route(app, monitoringCalls.plantStream, (query, request, reply) => {
    const session = sessionOf(request);
    return openStream(reply, async () => ({ plantId: query.id, values: await monitoring.plantFlow(session, query.id) }));
  });
  route(app, monitoringCalls.deviceStream, (query, request, reply) => {
    const session = sessionOf(request);
    return openStream(reply, () => monitoring.deviceNow(session, query.sn));
  });
}
