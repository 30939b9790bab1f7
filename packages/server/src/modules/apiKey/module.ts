import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import { createApiKeyRepo } from './repo.ts';
import { apiKeyRoutes } from './routes.ts';
import { createApiKeyService } from './service.ts';

/** Open API keys and their quotas: the calls that manage them, and what the Open API authenticates and counts with. */
export function apiKeyModule({ db, config, transaction, now }: Platform, deps: { audit: AuditService }) {
  const apiKeys = createApiKeyService({
    keys: createApiKeyRepo(db),
    audit: deps.audit,
    transaction,
    now,
    callsPerSecond: config.openApiCallsPerSecond,
  });
  return { apiKeys, routes: (http) => apiKeyRoutes(http, apiKeys) } satisfies ModuleParts & Record<string, unknown>;
}
