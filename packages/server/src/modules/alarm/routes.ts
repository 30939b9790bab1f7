import {
  accessOfRoutes,
  alarmAckBody,
  alarmExportBody,
  alarmQueryBody,
  alarmQueryResult,
  alarmThresholdResult,
  alarmThresholdSaveBody,
  emptyResult,
  envelope,
  faultRecordBody,
  faultRecordResult,
  idQuery,
  routeByName,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import { clientInfo } from '../session/routes.ts';
import type { AlarmService } from './service.ts';

export function alarmRoutes(app: FastifyInstance, alarms: AlarmService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The console's alarm screen and the integrator's serve the same calls, each over its own scope.
  const config = {
    access: accessOfRoutes('alarm', 'integrator-alarm'),
  };

  api.post(
    '/c/v0/alarm/query',
    {
      config,
      schema: {
        tags: ['alarm'],
        summary: 'Alarms in scope, realtime (active) or history (cleared), filtered, at most 15 days, paginated',
        body: alarmQueryBody,
        response: { 200: envelope(alarmQueryResult) },
      },
    },
    async (request) => ok(await alarms.query(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/alarm/export',
    {
      config,
      schema: { tags: ['alarm'], summary: 'The alarms that match as an xlsx file (same filters, no paging)', body: alarmExportBody },
    },
    async (request, reply) => sendXlsx(reply, await alarms.export(sessionOf(request), request.body, request.lang), 'alarms'),
  );

  api.post(
    '/c/v0/alarm/ack',
    {
      config,
      schema: {
        tags: ['alarm'],
        summary: 'Acknowledge alarms with a comment (all or none)',
        body: alarmAckBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await alarms.acknowledge(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );

  // The fault record counts the whole fleet's alarms: its screen's role (administrators).
  const faultRecordConfig = { access: routeByName('fault-record').access };
  api.post(
    '/c/v0/alarm/faultRecord',
    {
      config: faultRecordConfig,
      schema: {
        tags: ['alarm'],
        summary: 'Alarms raised in a range (at most 15 days, active and cleared) counted by code, model and firmware version',
        body: faultRecordBody,
        response: { 200: envelope(faultRecordResult) },
      },
    },
    async (request) => ok(await alarms.faultRecord(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/alarm/faultRecord/export',
    {
      config: faultRecordConfig,
      schema: { tags: ['alarm'], summary: 'The fault record as an xlsx file, a sheet per dimension', body: faultRecordBody },
    },
    async (request, reply) =>
      sendXlsx(reply, await alarms.exportFaultRecord(sessionOf(request), request.body, request.lang), 'fault-record'),
  );

  // Thresholds belong to a plant: the plant screens' roles (not integrators, who see devices only).
  const plantConfig = { access: routeByName('alarm').access };
  api.get(
    '/c/v0/alarm/threshold',
    {
      config: plantConfig,
      schema: {
        tags: ['alarm'],
        summary: "A plant's thresholds for the alarm rules (its own and the defaults)",
        querystring: idQuery,
        response: { 200: envelope(alarmThresholdResult) },
      },
    },
    async (request) => ok(await alarms.thresholds(sessionOf(request), request.query.id)),
  );

  api.post(
    '/c/v0/alarm/threshold/save',
    {
      config: plantConfig,
      schema: {
        tags: ['alarm'],
        summary: "Set a plant's thresholds for the alarm rules (keys left out take the defaults)",
        body: alarmThresholdSaveBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await alarms.saveThresholds(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );
}
