import { batchCalls, commandCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { createEventStreams } from '../../http/eventStreams.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { BatchService } from './batches.ts';
import type { CommandStates } from './liveStates.ts';
import type { CommandService } from './service.ts';

export function commandRoutes(app: FastifyInstance, commands: CommandService, batches: BatchService, states: CommandStates) {
  const streams = createEventStreams(app);

  route(app, commandCalls.settingGet, (body, request) => commands.requestSettings(sessionOf(request), clientInfo(request), body));
  route(app, commandCalls.settingSet, (body, request) => commands.changeSettings(sessionOf(request), clientInfo(request), body));
  route(app, commandCalls.settingReported, (query, request) => commands.reported(sessionOf(request), query.sn));
  route(app, commandCalls.configSet, (body, request) => commands.configure(sessionOf(request), clientInfo(request), body));
  route(app, commandCalls.reboot, (body, request) => commands.reboot(sessionOf(request), clientInfo(request), body));
  route(app, commandCalls.detail, (query, request) => commands.detail(sessionOf(request), query.id));
  route(app, commandCalls.list, (filters, request) => commands.list(sessionOf(request), filters));
  route(app, commandCalls.cancel, (body, request) => commands.cancel(sessionOf(request), clientInfo(request), body.id));

  // The device's commands as they change: the ids told since the last push are read again, with the caller's scope.
  // Each change goes out as it comes (a command's few states are what its sender waits for; issue 18's round trip).
  route(app, commandCalls.stream, async (query, request, reply) => {
    const { sn, first, read } = await commands.stream(sessionOf(request), query.sn);
    const changed = new Set<string>();
    return streams.start(reply, {
      first,
      reread: () => {
        const ids = [...changed];
        changed.clear();
        return read(ids);
      },
      subscribe: (push) =>
        states.subscribe(sn, (ids) => {
          for (const id of ids) changed.add(id);
          push();
        }),
      pushIntervalMs: 0,
    });
  });

  route(app, batchCalls.create, (body, request) => batches.create(sessionOf(request), clientInfo(request), body));
  route(app, batchCalls.list, (body, request) => batches.list(sessionOf(request), body));
  route(app, batchCalls.detail, (query, request) => batches.detail(sessionOf(request), query.id));
  route(app, batchCalls.retry, (body, request) => batches.retry(sessionOf(request), clientInfo(request), body.id));
  route(app, batchCalls.cancel, (body, request) => batches.cancel(sessionOf(request), clientInfo(request), body.id));
  // A batch with its counts, again whenever commands change (at most one push a second), read with the caller's scope.
  route(app, batchCalls.stream, async (query, request, reply) => {
    const session = sessionOf(request);
    const first = await batches.detail(session, query.id);
    return streams.start(reply, {
      first,
      reread: () => batches.detail(session, query.id),
      subscribe: (push) => states.subscribeAll(push),
    });
  });
}
