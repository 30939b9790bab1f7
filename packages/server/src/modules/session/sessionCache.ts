import { sql } from 'drizzle-orm';
import type { Session } from '../../core/caller.ts';
import type { Db } from '../../db/client.ts';

/** The NOTIFY channel on which every process hears of ended sessions (and revoked API keys, sessions too). */
export const REVOCATION_CHANNEL = 'session_revoked';

/** Tells every process (this one included) that sessions ended; inside a transaction, once it commits. */
export async function announceRevocation(db: Db, payload: string) {
  await db.execute(sql`select pg_notify(${REVOCATION_CHANNEL}, ${payload})`);
}

/** The payload of a revocation: one token (its hash, hex) or every session of an account. */
export const revocationOfToken = (tokenHash: Buffer) => tokenHash.toString('hex');
export const revocationOfAccount = (accountId: number) => `account:${accountId}`;
/** Every cached session: after a branch moved, the organisation paths they hold are stale. */
export const REVOCATION_OF_ALL = 'all';
/**
 * Cached sessions whose permissions a permission group change makes stale: every session of a
 * role, or every one holding a group. Evicting is not revoking: the next call reads the session again.
 */
export const revocationOfRole = (access: number) => `role:${access}`;
export const revocationOfGroup = (groupId: number) => `group:${groupId}`;
/** The session field each payload prefix names. */
const EVICTION_FIELDS = { account: 'accountId', role: 'access', group: 'permissionGroupId' } as const;

/**
 * Recently checked sessions, so a light call does not read the database each time. Revocations
 * evict entries at once in this process and, through NOTIFY, in every other; the TTL only bounds
 * how long a lost notification could keep a revoked token alive.
 */
export function createSessionCache(options: { ttlMs: number; maxEntries: number; now: () => number }) {
  const entries = new Map<string, { session: Session; expiresAt: number; cachedAt: number }>();

  function evict(payload: string) {
    if (payload === REVOCATION_OF_ALL) {
      entries.clear();
      return;
    }
    const [prefix, value] = payload.split(':');
    const field = EVICTION_FIELDS[prefix as keyof typeof EVICTION_FIELDS];
    if (!field || value === undefined) {
      entries.delete(payload);
      return;
    }
    for (const [key, entry] of entries) if (entry.session[field] === Number(value)) entries.delete(key);
  }

  return {
    get(tokenHash: Buffer) {
      const entry = entries.get(tokenHash.toString('hex'));
      if (!entry || options.now() - entry.cachedAt > options.ttlMs) return undefined;
      return entry;
    },
    set(session: Session, expiresAt: number) {
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(session.tokenHash.toString('hex'), { session, expiresAt, cachedAt: options.now() });
    },
    evict,
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
