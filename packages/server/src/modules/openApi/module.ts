import type { FastifyInstance } from 'fastify';
import type { ModuleParts, Platform } from '../../core/module.ts';
import type { ApiKeyService } from '../apiKey/service.ts';
import type { CommandStates } from '../command/liveStates.ts';
import type { CommandService } from '../command/service.ts';
import { createDataloggerRepo } from '../datalogger/repo.ts';
import { createDeviceRepo } from '../device/repo.ts';
import type { MonitoringService } from '../monitoring/service.ts';
import type { PlantRepo } from '../plant/repo.ts';
import { openApiAuthentication } from './auth.ts';
import { openApiDocument } from './docs.ts';
import { handleOpenApiError } from './envelope.ts';
import { createOpenApiRepo } from './repo.ts';
import { openApiRoutes } from './routes.ts';
import { createOpenApiService } from './service.ts';

/**
 * The Open API (/op/..., issue 19): FoxESS Cloud's calls, authenticated by API key and counted against
 * the account's quota, answered in FoxESS's envelope by its own error handler (an encapsulated Fastify
 * context: the console's signed headers and `{errno, result}` stay the console's). Its document is
 * served unsigned at /op/docs.
 */
export function openApiModule(
  { db, config, now }: Platform,
  deps: { apiKeys: ApiKeyService; monitoring: MonitoringService; commands: CommandService; states: CommandStates; plantRepo: PlantRepo },
) {
  const api = createOpenApiService({
    plants: deps.plantRepo,
    devices: createDeviceRepo(db),
    dataloggers: createDataloggerRepo(db),
    openApi: createOpenApiRepo(db),
    monitoring: deps.monitoring,
    commands: deps.commands,
    states: deps.states,
    now,
    commandWaitMs: config.openApiCommandWaitMs,
  });
  const document = openApiDocument();
  return {
    routes(http: FastifyInstance) {
      http.get('/op/docs', { schema: { hide: true } }, () => document);
      http.register(async (scope) => {
        scope.setErrorHandler(handleOpenApiError);
        scope.addHook('onRequest', openApiAuthentication(deps.apiKeys, now));
        openApiRoutes(scope, api);
      });
    },
  } satisfies ModuleParts;
}
