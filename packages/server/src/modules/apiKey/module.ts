import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import { createSessionCache, REVOCATION_CHANNEL } from '../session/sessionCache.ts';
import { createApiKeyRepo } from './repo.ts';
import { apiKeyRoutes } from './routes.ts';
import { createApiKeyService } from './service.ts';

/** A checked key is trusted this long without reading the database; revocations evict it sooner (as sessions). */
const KEY_CACHE_TTL_MS = 30_000;
const KEY_CACHE_MAX_ENTRIES = 10_000;

/** Open API keys and their quotas: the calls that manage them, and what the Open API authenticates and counts with. */
export async function apiKeyModule({ db, database, config, transaction, now, onClose }: Platform, deps: { audit: AuditService }) {
  const cache = createSessionCache({ ttlMs: KEY_CACHE_TTL_MS, maxEntries: KEY_CACHE_MAX_ENTRIES, now });
  onClose(await database.listen(REVOCATION_CHANNEL, cache.evict));
  const apiKeys = createApiKeyService({
    cache,
    keys: createApiKeyRepo(db),
    audit: deps.audit,
    transaction,
    now,
    callsPerSecond: config.openApiCallsPerSecond,
  });
  return { apiKeys, routes: (http) => apiKeyRoutes(http, apiKeys) } satisfies ModuleParts & Record<string, unknown>;
}
