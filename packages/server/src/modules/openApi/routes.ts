import { type ApiQuota, type CallDeclaration, Errno, openApiCalls, schemaNamed } from '@sunstack/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { AppError } from '../../http/errors.ts';
import { sessionOf } from '../../http/requestContext.ts';
import { success } from './envelope.ts';
import type { OpenApiService } from './service.ts';

// biome-ignore lint/suspicious/noExplicitAny: each handler reads the input its call's schema validated
type Handler = (input: any, request: FastifyRequest) => unknown;

/** Registers a declared Open API call: its path, method and input check from the declaration, answered in FoxESS's envelope. */
function openRoute(app: FastifyInstance, call: CallDeclaration, handler: Handler) {
  app.route({
    method: call.method,
    url: call.path,
    schema: {
      hide: true,
      ...(call.body ? { body: schemaNamed(call.body) } : {}),
      ...(call.query ? { querystring: schemaNamed(call.query) } : {}),
    },
    handler: async (request) => success(await handler(call.method === 'GET' ? request.query : request.body, request)),
  });
}

/** The quota the authentication took this call from (it always does before a handler runs). */
function quotaOf(request: FastifyRequest): ApiQuota {
  if (!request.apiQuota) throw new AppError(Errno.tooFrequent);
  return request.apiQuota;
}

export function openApiRoutes(app: FastifyInstance, api: OpenApiService) {
  const caller = (request: FastifyRequest) => [sessionOf(request), clientInfo(request)] as const;
  const c = openApiCalls;
  openRoute(app, c.plantList, (page, request) => api.plantList(sessionOf(request), page));
  openRoute(app, c.plantDetail, (query, request) => api.plantDetail(sessionOf(request), Number(query.id)));
  openRoute(app, c.deviceList, (page, request) => api.deviceList(sessionOf(request), page));
  openRoute(app, c.deviceDetail, (query, request) => api.deviceDetail(sessionOf(request), query.sn));
  openRoute(app, c.deviceDetailV0, (query, request) => api.deviceDetail(sessionOf(request), query.sn));
  openRoute(app, c.realQuery, (body, request) => api.realTime(sessionOf(request), request.lang, body.sns, body.variables));
  openRoute(app, c.realQueryV0, (body, request) => api.realTime(sessionOf(request), request.lang, [body.sn], body.variables));
  openRoute(app, c.historyQuery, (body, request) => api.history(sessionOf(request), request.lang, body));
  openRoute(app, c.reportQuery, (body, request) => api.report(sessionOf(request), body));
  openRoute(app, c.generation, (query, request) => api.generation(sessionOf(request), query.sn));
  openRoute(app, c.variables, () => api.variables());
  openRoute(app, c.faults, () => api.faults());
  openRoute(app, c.moduleList, (page, request) => api.moduleList(sessionOf(request), page));
  openRoute(app, c.moduleSignal, (body, request) => api.moduleSignal(sessionOf(request), body.sn));
  openRoute(app, c.socGet, (query, request) => api.soc(...caller(request), query.sn));
  openRoute(app, c.socSet, (body, request) => api.setSoc(...caller(request), body));
  openRoute(app, c.peakShavingGet, (body, request) => api.peakShaving(...caller(request), body.sn));
  openRoute(app, c.peakShavingSet, (body, request) => api.setPeakShaving(...caller(request), body));
  openRoute(app, c.batteryRealQuery, (query, request) => api.batteryReal(sessionOf(request), request.lang, query.sn));
  openRoute(app, c.forceChargeTimeGet, (query, request) => api.forceChargeTime(...caller(request), query.sn));
  openRoute(app, c.forceChargeTimeSet, (body, request) => api.setForceChargeTime(...caller(request), body));
  openRoute(app, c.settingGet, (body, request) => api.setting(...caller(request), body.sn, body.key));
  openRoute(app, c.settingSet, (body, request) => api.setSetting(...caller(request), body));
  openRoute(app, c.schedulerFlagGet, (body, request) => api.schedulerFlag(...caller(request), body.deviceSN));
  openRoute(app, c.schedulerFlagSet, (body, request) =>
    api.setSchedulerFlag(...caller(request), body.deviceSN, body.enable === 1 || body.enable === true),
  );
  openRoute(app, c.schedulerGetV1, (body, request) => api.scheduler(...caller(request), body.deviceSN, 'v1'));
  openRoute(app, c.schedulerEnableV1, (body, request) => api.setScheduler(...caller(request), body.deviceSN, body.groups));
  openRoute(app, c.schedulerGetV3, (body, request) => api.scheduler(...caller(request), body.deviceSN, 'v3'));
  openRoute(app, c.schedulerEnableV3, (body, request) => api.setScheduler(...caller(request), body.deviceSN, body.groups));
  openRoute(app, c.accessCount, (_input, request) => api.accessCount(quotaOf(request)));
}
