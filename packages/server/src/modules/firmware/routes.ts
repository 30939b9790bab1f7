import { firmwareCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { FirmwareService } from './service.ts';

export function firmwareRoutes(app: FastifyInstance, firmware: FirmwareService) {
  route(app, firmwareCalls.uploadStart, (body, request) => firmware.uploadStart(sessionOf(request), body));
  route(app, firmwareCalls.uploadSlice, (_, request) => firmware.uploadSlice(sessionOf(request), request));
  route(app, firmwareCalls.create, (body, request) => firmware.create(sessionOf(request), clientInfo(request), body));
  route(app, firmwareCalls.list, (body, request) => firmware.list(sessionOf(request), body));
  route(app, firmwareCalls.detail, (query, request) => firmware.detail(sessionOf(request), query.id));
  route(app, firmwareCalls.publish, (body, request) => firmware.publish(sessionOf(request), clientInfo(request), body.id));
  route(app, firmwareCalls.delete, (body, request) => firmware.delete(sessionOf(request), clientInfo(request), body.id));
}
