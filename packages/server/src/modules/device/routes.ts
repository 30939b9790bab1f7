import { deviceCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { DeviceService } from './service.ts';

export function deviceRoutes(app: FastifyInstance, devices: DeviceService) {
  route(app, deviceCalls.list, (filters, request) => devices.list(sessionOf(request), filters));
  route(app, deviceCalls.detail, (query, request) => devices.detail(sessionOf(request), query.sn));
  route(app, deviceCalls.grant, (body, request) => devices.grant(sessionOf(request), clientInfo(request), body));
  route(app, deviceCalls.revoke, (body, request) => devices.revoke(sessionOf(request), clientInfo(request), body.sn, body.integrator));
  route(app, deviceCalls.grants, (filters, request) => devices.grants(sessionOf(request), filters));
  route(app, deviceCalls.updatePile, (body, request) => devices.updatePile(sessionOf(request), clientInfo(request), body));
  route(app, deviceCalls.parallel, (query, request) => devices.parallel(sessionOf(request), query.id));
  route(app, deviceCalls.updateParallel, (body, request) => devices.setParallel(sessionOf(request), clientInfo(request), body));
}
