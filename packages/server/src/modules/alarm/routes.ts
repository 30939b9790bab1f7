import { alarmCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { sendXlsx } from '../../http/xlsx.ts';
import type { AlarmService } from './service.ts';

export function alarmRoutes(app: FastifyInstance, alarms: AlarmService) {
  route(app, alarmCalls.query, (body, request) => alarms.query(sessionOf(request), body));
  route(app, alarmCalls.export, async (body, request, reply) =>
    sendXlsx(reply, await alarms.export(sessionOf(request), body, request.lang), 'alarms'),
  );
  route(app, alarmCalls.ack, (body, request) => alarms.acknowledge(sessionOf(request), clientInfo(request), body));
  route(app, alarmCalls.faultRecord, (body, request) => alarms.faultRecord(sessionOf(request), body));
  route(app, alarmCalls.faultRecordExport, async (body, request, reply) =>
    sendXlsx(reply, await alarms.exportFaultRecord(sessionOf(request), body, request.lang), 'fault-record'),
  );
  route(app, alarmCalls.threshold, (query, request) => alarms.thresholds(sessionOf(request), query.id));
  route(app, alarmCalls.thresholdSave, (body, request) => alarms.saveThresholds(sessionOf(request), clientInfo(request), body));
}
