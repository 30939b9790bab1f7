import { deviceCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { DeviceService } from './service.ts';

export function deviceRoutes(app: FastifyInstance, devices: DeviceService) {
  route(app, deviceCalls.list, (filters, request) => devices.list(sessionOf(request), filters));
  route(app, deviceCalls.detail, (query, request) => devices.detail(sessionOf(request), query.sn));
  route(app, deviceCalls.grant, async (body, request) => {
    await devices.grant(sessionOf(request), clientInfo(request), body);
    return {};
  });
  route(app, deviceCalls.revoke, async (body, request) => {
    await devices.revoke(sessionOf(request), clientInfo(request), body.sn, body.integrator);
    return {};
  });
  route(app, deviceCalls.grants, (filters, request) => devices.grants(sessionOf(request), filters));
  route(app, deviceCalls.updatePile, async (body, request) => {
    await devices.updatePile(sessionOf(request), clientInfo(request), body);
    return {};
  });
  route(app, deviceCalls.parallel, (query, request) => devices.parallel(sessionOf(request), query.id));
  route(app, deviceCalls.updateParallel, async (body, request) => {
    await devices.setParallel(sessionOf(request), clientInfo(request), body);
    return {};
  });
}
