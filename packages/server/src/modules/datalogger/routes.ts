import { dataloggerCalls, Errno } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { AppError } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { DataloggerService } from './service.ts';

export function dataloggerRoutes(app: FastifyInstance, dataloggers: DataloggerService) {
  route(app, dataloggerCalls.create, (body, request) => dataloggers.register(sessionOf(request), clientInfo(request), body.sn));
  route(app, dataloggerCalls.import, async (_, request) => {
    const file = await request.file({ throwFileSizeLimit: false });
    if (!file) throw new AppError(Errno.bodyInvalid, [{ path: 'file', message: 'import.fileInvalid' }]);
    const bytes = await file.toBuffer();
    // Past the upload limit the file is cut short: too large, rather than unreadable.
    if (file.file.truncated) throw new AppError(Errno.bodyInvalid, [{ path: 'file', message: 'import.tooLarge' }]);
    return dataloggers.import(sessionOf(request), clientInfo(request), bytes);
  });
  route(app, dataloggerCalls.list, (filters, request) => dataloggers.list(sessionOf(request), filters));
  route(app, dataloggerCalls.delete, (body, request) => dataloggers.delete(sessionOf(request), clientInfo(request), body.sn));
  route(app, dataloggerCalls.unbind, (body, request) => dataloggers.unbind(sessionOf(request), clientInfo(request), body.sn));
}
