import { firmwareCalls, upgradeCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { createEventStreams } from '../../http/eventStreams.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { CommandStates } from '../command/liveStates.ts';
import type { UpgradeService } from './service.ts';
import type { StrategyService } from './strategies.ts';

export function upgradeRoutes(app: FastifyInstance, upgrades: UpgradeService, strategies: StrategyService, states: CommandStates) {
  const streams = createEventStreams(app);
  route(app, upgradeCalls.create, (body, request) => upgrades.create(sessionOf(request), clientInfo(request), body));
  route(app, upgradeCalls.list, (body, request) => upgrades.list(sessionOf(request), body));
  route(app, upgradeCalls.devices, (body, request) => upgrades.devices(sessionOf(request), body));
  // The task with its counts again whenever commands change (at most one push a second), read with the caller's scope.
  route(app, upgradeCalls.stream, async (query, request, reply) => {
    const session = sessionOf(request);
    return streams.start(reply, {
      first: await upgrades.task(session, query.id),
      reread: () => upgrades.task(session, query.id),
      subscribe: (push) => states.subscribeAll(push),
    });
  });
  route(app, upgradeCalls.delete, (body, request) => upgrades.delete(sessionOf(request), clientInfo(request), body.ids));
  route(app, upgradeCalls.ofDevice, (query) => upgrades.ofDevice(query.sn));
  route(app, upgradeCalls.reset, (body, request) => upgrades.reset(sessionOf(request), clientInfo(request), body));
  route(app, upgradeCalls.fetch, (query, request, reply) => upgrades.fetch(request, reply, query.token));
  route(app, firmwareCalls.blacklistList, (body, request) => upgrades.blacklist.list(sessionOf(request), body));
  route(app, firmwareCalls.blacklistSet, (body, request) => upgrades.blacklist.set(sessionOf(request), clientInfo(request), body));
  route(app, firmwareCalls.blacklistDelete, (body, request) => upgrades.blacklist.delete(sessionOf(request), clientInfo(request), body.id));
  route(app, upgradeCalls.strategyCreate, (body, request) => strategies.create(sessionOf(request), clientInfo(request), body));
  route(app, upgradeCalls.strategyList, (body, request) => strategies.list(sessionOf(request), body));
  route(app, upgradeCalls.strategyDetail, (query, request) => strategies.detail(sessionOf(request), query.id));
  route(app, upgradeCalls.strategyApprove, (body, request) => strategies.approve(sessionOf(request), clientInfo(request), body.id));
  route(app, upgradeCalls.strategyPause, (body, request) => strategies.pause(sessionOf(request), clientInfo(request), body.id));
  route(app, upgradeCalls.strategyResume, (body, request) => strategies.resume(sessionOf(request), clientInfo(request), body.id));
  route(app, upgradeCalls.strategyCancel, (body, request) => strategies.cancel(sessionOf(request), clientInfo(request), body.id));
}
