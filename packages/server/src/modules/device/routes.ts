import {
  accessOfRoutes,
  deviceDetail,
  deviceGrantBody,
  deviceGrantListBody,
  deviceGrantListResult,
  deviceListBody,
  deviceListResult,
  deviceRevokeBody,
  emptyResult,
  envelope,
  idQuery,
  parallelDetail,
  parallelUpdateBody,
  pileUpdateBody,
  routeByName,
  snQuery,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { clientInfo } from '../session/routes.ts';
import type { DeviceService } from './service.ts';

export function deviceRoutes(app: FastifyInstance, devices: DeviceService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = (name: string) => ({ access: routeByName(name).access });
  // The device lists and details serve both the console's device screens and the integrator's.
  const listAccess = {
    access: accessOfRoutes('device', 'integrator-device-list'),
  };

  api.post(
    '/c/v0/device/list',
    {
      config: listAccess,
      schema: {
        tags: ['device'],
        summary: 'Devices in scope, by kind, status, plant or SN, paginated',
        body: deviceListBody,
        response: { 200: envelope(deviceListResult) },
      },
    },
    async (request) => ok(await devices.list(sessionOf(request), request.body)),
  );

  api.get(
    '/c/v0/device/detail',
    {
      config: listAccess,
      schema: { tags: ['device'], summary: 'One device in scope', querystring: snQuery, response: { 200: envelope(deviceDetail) } },
    },
    async (request) => ok(await devices.detail(sessionOf(request), request.query.sn)),
  );

  api.post(
    '/c/v0/device/grant',
    {
      config: access('data-authorisation'),
      schema: {
        tags: ['device'],
        summary: 'Authorise an integrator for devices (all or none)',
        body: deviceGrantBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await devices.grant(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );

  api.post(
    '/c/v0/device/revoke',
    {
      config: access('data-authorisation'),
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

  api.post(
    '/c/v0/device/grants',
    {
      config: access('data-authorisation'),
      schema: {
        tags: ['device'],
        summary: 'Integrator authorisations the caller manages, paginated',
        body: deviceGrantListBody,
        response: { 200: envelope(deviceGrantListResult) },
      },
    },
    async (request) => ok(await devices.grants(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/pile/update',
    {
      config: access('pile-edit'),
      schema: {
        tags: ['device'],
        summary: "Name an EV charger and choose the plant's datalogger it hangs on",
        body: pileUpdateBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await devices.updatePile(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );

  api.get(
    '/c/v0/parallel/detail',
    {
      config: access('parallel-system'),
      schema: {
        tags: ['device'],
        summary: "A plant's inverters and its parallel system",
        querystring: idQuery,
        response: { 200: envelope(parallelDetail) },
      },
    },
    async (request) => ok(await devices.parallel(sessionOf(request), request.query.id)),
  );

  api.post(
    '/c/v0/parallel/update',
    {
      config: access('parallel-system'),
      schema: {
        tags: ['device'],
        summary: "Set a plant's master inverter and its slaves, or dissolve the system",
        body: parallelUpdateBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await devices.setParallel(sessionOf(request), clientInfo(request), request.body);
      return ok({});
    },
  );
}
