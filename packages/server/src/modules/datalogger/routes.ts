import {
  Errno,
  emptyResult,
  envelope,
  moduleCreateBody,
  moduleCreateResult,
  moduleImportResult,
  moduleListBody,
  moduleListResult,
  moduleSnBody,
  routeByName,
} from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, ok } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { clientInfo } from '../session/routes.ts';
import type { DataloggerService } from './service.ts';

export function dataloggerRoutes(app: FastifyInstance, dataloggers: DataloggerService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: routeByName('device-module').access };

  api.post(
    '/c/v0/module/create',
    {
      config,
      schema: {
        tags: ['datalogger'],
        summary: 'Register a datalogger; answers its MQTT secret once',
        body: moduleCreateBody,
        response: { 200: envelope(moduleCreateResult) },
      },
    },
    async (request) => ok(await dataloggers.register(sessionOf(request), clientInfo(request), request.body.sn)),
  );

  api.post(
    '/c/v0/module/import',
    {
      config,
      schema: {
        tags: ['datalogger'],
        summary: 'Register the dataloggers of a spreadsheet (first sheet, column "SN"), all or none',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(moduleImportResult) },
      },
    },
    async (request) => {
      const file = await request.file({ throwFileSizeLimit: false });
      if (!file) throw new AppError(Errno.bodyInvalid, [{ path: 'file', message: 'import.fileInvalid' }]);
      const bytes = await file.toBuffer();
      // Past the upload limit the file is cut short: too large, rather than unreadable.
      if (file.file.truncated) throw new AppError(Errno.bodyInvalid, [{ path: 'file', message: 'import.tooLarge' }]);
      return ok(await dataloggers.import(sessionOf(request), clientInfo(request), bytes));
    },
  );

  api.post(
    '/c/v0/module/list',
    {
      config,
      schema: {
        tags: ['datalogger'],
        summary: 'Dataloggers in scope',
        body: moduleListBody,
        response: { 200: envelope(moduleListResult) },
      },
    },
    async (request) => ok(await dataloggers.list(sessionOf(request), request.body)),
  );

  api.post(
    '/c/v0/module/delete',
    {
      config,
      schema: {
        tags: ['datalogger'],
        summary: 'Delete a registered datalogger that no plant holds',
        body: moduleSnBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await dataloggers.delete(sessionOf(request), clientInfo(request), request.body.sn);
      return ok({});
    },
  );

  api.post(
    '/c/v0/module/unbind',
    {
      config,
      schema: {
        tags: ['datalogger'],
        summary: 'Free a datalogger from its plant',
        body: moduleSnBody,
        response: { 200: envelope(emptyResult) },
      },
    },
    async (request) => {
      await dataloggers.unbind(sessionOf(request), clientInfo(request), request.body.sn);
      return ok({});
    },
  );
}
