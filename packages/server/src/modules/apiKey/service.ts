import {
  API_DAILY_QUOTA_DEFAULT,
  API_KEYS_MAX,
  type ApiKeyCreateBody,
  type ApiKeyListResult,
  type ApiQuota,
  type ApiQuotaListBody,
  type ApiQuotaSetBody,
  Errno,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { effectivePermissions } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import { revocationOfToken, type SessionCache } from '../session/sessionCache.ts';
import { hashToken, newToken } from '../session/token.ts';
import type { ApiKeyRepo, UsageClock } from './repo.ts';

const DAY_MS = 86_400_000;
/** `last_used_at` moves at most once a minute: a busy key does not rewrite its row on every call. */
const LAST_USED_STEP_MS = 60_000;

/** Counters run on UTC days: the day and the second of an instant. */
export const usageClock = (ms: number): UsageClock => ({ day: new Date(ms).toISOString().slice(0, 10), second: Math.floor(ms / 1000) });
/** Seconds until the next UTC midnight, when the daily counter starts again. */
const secondsToMidnight = (ms: number) => Math.ceil((DAY_MS - (ms % DAY_MS)) / 1000);

/** What the quota said about one call: taken (with what is left today) or refused (and when to come back). */
export type QuotaAnswer = { taken: true; quota: ApiQuota; resetSec: number } | { taken: false; quota: ApiQuota; retryAfterSec: number };

/** A key never expires by time: only revocation (or its account's) ends it. */
const KEY_NEVER_EXPIRES = Number.MAX_SAFE_INTEGER;

/**
 * API keys (issue 19): made with a name and shown once (only the sha256 is kept), listed, revoked;
 * each change with its operation log entry in one unit of work. A key authenticates as its account,
 * with exactly the account's role and scope. The account's daily quota is shared by its keys;
 * administrators set it. Every call a known key makes is counted, failed ones too.
 */
export function createApiKeyService(deps: {
  keys: ApiKeyRepo;
  audit: AuditService;
  transaction: Transaction;
  now: () => number;
  /** Calls an account may make in one second, whatever its daily quota. */
  callsPerSecond: number;
  /** Keys checked lately, as sessions are (revocations, an account's and each key's, evict them in every process). */
  cache: SessionCache;
}) {
  const { keys, audit, transaction, now, callsPerSecond, cache } = deps;

  const quotaFrom = (callsPerDay: number, callsToday: number): ApiQuota => ({
    callsPerDay,
    callsToday,
    remainingToday: Math.max(0, callsPerDay - callsToday),
  });

  async function quotaOf(accountId: number): Promise<ApiQuota> {
    const usage = await keys.usage(accountId, usageClock(now()).day);
    return quotaFrom(usage?.callsPerDay ?? API_DAILY_QUOTA_DEFAULT, usage?.callsToday ?? 0);
  }

  return {
    async create(session: Session, client: ClientInfo, { name }: ApiKeyCreateBody) {
      const key = newToken();
      return transaction(async () => {
        if ((await keys.countLive(session.accountId)) >= API_KEYS_MAX) throw new AppError(Errno.apiKeyLimitReached);
        const id = await keys.insert({ accountId: session.accountId, name, keyHash: hashToken(key) });
        await audit.record(session, client, { action: 'apiKey.create', objectType: 'apiKey', objectId: id, after: { name } });
        return { id, key };
      });
    },

    async list(session: Session): Promise<ApiKeyListResult> {
      const rows = await keys.ofAccount(session.accountId);
      return {
        ...(await quotaOf(session.accountId)),
        keys: rows.map((row) => ({
          id: row.id,
          name: row.name,
          createdAt: row.createdAt.getTime(),
          lastUsedAt: row.lastUsedAt?.getTime() ?? null,
        })),
      };
    },

    /** Another account's key answers like a missing one. */
    async revoke(session: Session, client: ClientInfo, id: number) {
      const keyHash = await transaction(async () => {
        const revoked = await keys.revoke(session.accountId, id, new Date(now()));
        if (!revoked) throw notFound();
        await audit.record(session, client, {
          action: 'apiKey.revoke',
          objectType: 'apiKey',
          objectId: id,
          before: { name: revoked.name },
        });
        await keys.announceRevoked(revoked.keyHash);
        return revoked.keyHash;
      });
      cache.evict(revocationOfToken(keyHash));
    },

    async quotaList(filters: ApiQuotaListBody) {
      const { total, rows } = await keys.quotaList(filters, usageClock(now()).day);
      return {
        total,
        currentPage: filters.currentPage,
        pageSize: filters.pageSize,
        accounts: rows.map((row) => ({
          accountId: row.accountId,
          username: row.username,
          access: row.access,
          keys: row.keys,
          ...quotaFrom(row.callsPerDay, row.callsToday),
        })),
      };
    },

    async setQuota(session: Session, client: ClientInfo, { accountId, callsPerDay }: ApiQuotaSetBody) {
      await transaction(async () => {
        if (!(await keys.accountExists(accountId))) throw notFound();
        const before = await keys.setQuota(accountId, callsPerDay, usageClock(now()).day);
        await audit.record(session, client, {
          action: 'apiKey.quota',
          objectType: 'account',
          objectId: accountId,
          before: { callsPerDay: before ?? API_DAILY_QUOTA_DEFAULT },
          after: { callsPerDay },
        });
      });
    },

    /** The caller a key stands for: unknown 41809, revoked 41808, its account disabled 41809. */
    async authenticate(key: string): Promise<Session> {
      const keyHash = hashToken(key);
      const cached = cache.get(keyHash);
      if (cached) return cached.session;
      const row = await keys.findWithAccount(keyHash);
      if (!row || row.disabledAt) throw new AppError(Errno.tokenInvalid);
      if (row.revokedAt) throw new AppError(Errno.tokenExpired);
      if (!row.lastUsedAt || now() - row.lastUsedAt.getTime() >= LAST_USED_STEP_MS) await keys.markUsed(row.keyId, new Date(now()));
      const session: Session = {
        accountId: row.accountId,
        access: row.access,
        organisationPath: row.organisationPath,
        tokenHash: keyHash,
        permissions: effectivePermissions(row.access, row.groupPermissions),
        permissionGroupId: row.permissionGroupId,
        passwordChangeRequired: false,
      };
      cache.set(session, KEY_NEVER_EXPIRES);
      return session;
    },

    /** Counts one call of the account, exactly (one atomic statement), or refuses it past the quota or the per-second limit. */
    async takeCall(accountId: number): Promise<QuotaAnswer> {
      const at = now();
      const clock = usageClock(at);
      const taken = await keys.takeCall(accountId, clock, callsPerSecond);
      if (taken) return { taken: true, quota: quotaFrom(taken.callsPerDay, taken.callsToday), resetSec: secondsToMidnight(at) };
      const usage = await keys.usage(accountId, clock.day);
      const quota = quotaFrom(usage?.callsPerDay ?? API_DAILY_QUOTA_DEFAULT, usage?.callsToday ?? 0);
      // Over the day's quota: back tomorrow; else the second was full: back in a second.
      const retryAfterSec = quota.remainingToday === 0 ? secondsToMidnight(at) : 1;
      return { taken: false, quota, retryAfterSec };
    },

    /** The account's quota and its calls today (user/getAccessCount). */
    quotaOf,
    callsPerSecond,
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
