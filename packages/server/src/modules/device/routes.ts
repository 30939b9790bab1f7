import { deviceGrantBody, deviceListBody, deviceListResult, deviceRevokeBody, emptyResult, envelope, routeByName } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { clientInfo } from '../session/routes.ts';
import type { DeviceService } from './service.ts';

export function deviceRoutes(app: FastifyInstance, devices: DeviceService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The device lists serve both the console's device screens and the integrator's.
  const listAccess = [...new Set([...(routeByName('device').access ?? []), ...(routeByName('integrator-device-list').access ?? [])])];
  const plantAccess = { access: routeByName('plant-detail').access };

  api.post(
    '/c/v0/device/list',
    {
      config: { access: listAccess },
      schema: { tags: ['device'], summary: 'Devices in scope', body: deviceListBody, response: { 200: envelope(deviceListResult) } },
    },
    async (request) => ok(await devices.list(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/device/grant',
    {
      config: plantAccess,
      schema: {
        tags: ['device'],
        summary: 'Authorise an integrator for a device',
        body: deviceGrantBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await devices.grant(sessionOf(request), clientInfo(request), request.body.sn, request.body.integrator, request.body.control);
      return ok({});
    },
  );

  api.post(
    '/c/v0/device/revoke',
    {
      config: plantAccess,
      schema: {
        tags: ['device'],
        summary: "Withdraw an integrator's authorisation",
        body: deviceRevokeBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await devices.revoke(sessionOf(request), clientInfo(request), request.body.sn, request.body.integrator);
      return ok({});
    },
  );
}
