import {
  deviceHistoryQueryBody,
  deviceHistoryQueryResult,
  deviceRealQueryBody,
  deviceRealQueryResult,
  deviceReportQueryBody,
  energyReportResult,
  envelope,
  fleetSummaryResult,
  plantCurveQueryBody,
  plantDayCurvesResult,
  plantFlowQuery,
  plantFlowResult,
  plantListBody,
  plantOverviewResult,
  plantReportQueryBody,
  routeByName,
  snQuery,
} from '@sunstack/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { LiveUpdates } from './liveUpdates.ts';
import type { MonitoringService } from './service.ts';

/** A live stream is closed after this long; the client reconnects, which checks its session again. */
const STREAM_LIFETIME_MS = 10 * 60_000;
const HEARTBEAT_MS = 25_000;
/** New data for a plant is pushed at most this often. */
const PUSH_INTERVAL_MS = 1_000;

export function monitoringRoutes(app: FastifyInstance, monitoring: MonitoringService, live: LiveUpdates) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = (...names: string[]) => ({ access: [...new Set(names.flatMap((name) => routeByName(name).access ?? []))] });
  // Device data is for the console's device screens and the integrator's; scope decides which devices.
  const deviceData = access('device', 'integrator-device-list');
  const tags = ['monitoring'];
  // Open live streams would hold a shutdown for their whole lifetime; they end first.
  const streams = new Set<{ end(): void }>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  api.post(
    '/c/v0/device/real/query',
    {
      config: deviceData,
      schema: {
        tags,
        summary: 'Latest values of many devices',
        body: deviceRealQueryBody,
        response: { 200: envelope(deviceRealQueryResult) },
      },
    },
    async (request) => ok(await monitoring.realQuery(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/device/history/query',
    {
      config: deviceData,
      schema: {
        tags,
        summary: 'History of variables of one device over a range (ms), at most `points` points per variable',
        body: deviceHistoryQueryBody,
        response: { 200: envelope(deviceHistoryQueryResult) },
      },
    },
    async (request) => ok(await monitoring.historyQuery(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/device/report/query',
    {
      config: deviceData,
      schema: {
        tags,
        summary: "Energy of one device per hour of a day, day of a month, month of a year, or year, in its plant's calendar",
        body: deviceReportQueryBody,
        response: { 200: envelope(energyReportResult) },
      },
    },
    async (request) => ok(await monitoring.deviceReport(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/plant/report/query',
    {
      config: access('plant'),
      schema: {
        tags,
        summary: 'Energy of a plant per bucket of a period of its calendar',
        body: plantReportQueryBody,
        response: { 200: envelope(energyReportResult) },
      },
    },
    async (request) => ok(await monitoring.plantReport(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/plant/curve/query',
    {
      config: access('plant'),
      schema: {
        tags,
        summary: "5-minute power curves of a plant's local day",
        body: plantCurveQueryBody,
        response: { 200: envelope(plantDayCurvesResult) },
      },
    },
    async (request) => ok(await monitoring.plantCurves(sessionOf(request), request.body)),
  );

  api.get(
    '/c/v0/plant/real/flow',
    {
      config: access('plant'),
      schema: {
        tags,
        summary: "A plant's power flow now and today's energy",
        querystring: plantFlowQuery,
        response: { 200: envelope(plantFlowResult) },
      },
    },
    async (request) => ok(await monitoring.plantFlow(sessionOf(request), request.query.id)),
  );

  api.post(
    '/c/v0/plant/overview',
    {
      config: access('plant-view'),
      schema: {
        tags,
        summary: 'Plants in scope, filtered and paginated like plant/list, with PV power now, today and lifetime yield',
        body: plantListBody,
        response: { 200: envelope(plantOverviewResult) },
      },
    },
    async (request) => ok(await monitoring.plantOverview(sessionOf(request), request.body)),
  );

  api.get(
    '/c/v0/plant/summary',
    {
      config: access('index'),
      schema: { tags, summary: 'Fleet summary over the plants in scope', response: { 200: envelope(fleetSummaryResult) } },
    },
    async (request) => ok(await monitoring.fleetSummary(sessionOf(request))),
  );

  /**
   * Opens a server-sent events stream: `read()` now, and again whenever the plant gets new data (at
   * most once a second), until the lifetime ends. `read` checks the caller's scope each time, so
   * an object out of scope answers 40404 like any call before the stream opens, and ends it later.
   */
  async function openStream(reply: FastifyReply, read: () => Promise<{ plantId: number | null; values: unknown }>) {
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
  }

  api.get(
    '/c/v0/plant/real/stream',
    {
      config: access('plant'),
      schema: {
        tags,
        summary: "Server-sent events: the plant's power flow (as plant/real/flow) now and whenever new data arrives",
        querystring: plantFlowQuery,
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const id = request.query.id;
      await openStream(reply, async () => ({ plantId: id, values: await monitoring.plantFlow(session, id) }));
    },
  );

  api.get(
    '/c/v0/device/real/stream',
    {
      config: deviceData,
      schema: {
        tags,
        summary:
          "Server-sent events: one device's newest values (as device/real/query), its plant's time zone and its energy today, now and whenever new data arrives",
        querystring: snQuery,
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      await openStream(reply, () => monitoring.deviceNow(session, request.query.sn));
    },
  );
}
