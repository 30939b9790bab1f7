import { monitoringCalls } from '@sunstack/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { LiveUpdates } from './liveUpdates.ts';
import type { MonitoringService } from './service.ts';

/** A live stream is closed after this long; the client reconnects, which checks its session again. */
const STREAM_LIFETIME_MS = 10 * 60_000;
const HEARTBEAT_MS = 25_000;
/** New data for a plant is pushed at most this often. */
const PUSH_INTERVAL_MS = 1_000;

export function monitoringRoutes(app: FastifyInstance, monitoring: MonitoringService, live: LiveUpdates) {
  // Open live streams would hold a shutdown for their whole lifetime; they end first.
  const streams = new Set<{ end(): void }>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  route(app, monitoringCalls.deviceReal, (body, request) => monitoring.realQuery(sessionOf(request), body));
  route(app, monitoringCalls.deviceHistory, (body, request) => monitoring.historyQuery(sessionOf(request), body));
  route(app, monitoringCalls.deviceReport, (body, request) => monitoring.deviceReport(sessionOf(request), body));
  route(app, monitoringCalls.plantReport, (body, request) => monitoring.plantReport(sessionOf(request), body));
  route(app, monitoringCalls.plantCurves, (body, request) => monitoring.plantCurves(sessionOf(request), body));
  route(app, monitoringCalls.plantFlow, (query, request) => monitoring.plantFlow(sessionOf(request), query.id));
  route(app, monitoringCalls.plantOverview, (filters, request) => monitoring.plantOverview(sessionOf(request), filters));
  route(app, monitoringCalls.fleetSummary, (_, request) => monitoring.fleetSummary(sessionOf(request)));

  /**
   * Opens a server-sent events stream: `read()` now, and again whenever the plant gets new data (at
   * most once a second), until the lifetime ends. `read` checks the caller's scope each time, so
   * an object out of scope answers 40404 like any call before the stream opens, and ends it later.
   * Answers the hijacked reply: route() sends nothing more.
   */
  async function openStream(reply: FastifyReply, read: () => Promise<{ plantId: number | null; values: unknown }>): Promise<FastifyReply> {
    const first = await read();
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    const send = (values: unknown) => raw.write(`data: ${JSON.stringify(values)}\n\n`);
    send(first.values);
    streams.add(raw);
    let scheduled: NodeJS.Timeout | undefined;
    // A device in no plant gets no new data (its datalogger's plant decides); its stream only keeps the first values.
    const unsubscribe =
      first.plantId === null
        ? () => {}
        : live.subscribe(first.plantId, () => {
            scheduled ??= setTimeout(() => {
              scheduled = undefined;
              read().then(
                (next) => send(next.values),
                () => raw.end(),
              );
            }, PUSH_INTERVAL_MS);
          });
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const lifetime = setTimeout(() => raw.end(), STREAM_LIFETIME_MS);
    raw.on('close', () => {
      streams.delete(raw);
      unsubscribe();
      clearTimeout(scheduled);
      clearInterval(heartbeat);
      clearTimeout(lifetime);
    });
    return reply;
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
