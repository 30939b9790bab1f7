import type { ModuleParts, Platform } from '../../core/module.ts';
import { createAccountRepo } from '../account/repo.ts';
import type { AuditService } from '../audit/service.ts';
import { createSessionRepo } from './repo.ts';
import { sessionRoutes } from './routes.ts';
import { createSessionService } from './service.ts';
import { createSessionCache, REVOCATION_CHANNEL } from './sessionCache.ts';

/** A checked session is trusted this long without reading the database; revocations evict it sooner. */
const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX_ENTRIES = 50_000;

/** Sign-in, sign-out and the sessions every call is checked against (cached; revocations evicted through LISTEN). */
export async function sessionModule(platform: Platform, deps: { audit: AuditService }) {
  const { db, database, attempts, config, now, onClose } = platform;
  const cache = createSessionCache({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: SESSION_CACHE_MAX_ENTRIES, now });
  onClose(await database.listen(REVOCATION_CHANNEL, cache.evict));
  const sessions = createSessionService({
    sessions: createSessionRepo(db),
    accounts: createAccountRepo(db),
    cache,
    audit: deps.audit,
    attempts,
    tokenTtlMs: config.tokenTtlMs,
    now,
  });
  return { sessions, routes: (http) => sessionRoutes(http, sessions) } satisfies ModuleParts & Record<string, unknown>;
}
