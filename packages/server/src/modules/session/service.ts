import { Errno, type LoginBody } from '@sunstack/shared';
import { AppError } from '../../http/errors.ts';
import type { AccountRepo } from '../account/repo.ts';
import { verifyPassword } from './password.ts';
import type { RevokeReason, SessionRepo } from './repo.ts';
import { REVOCATION_OF_ALL, revocationOfAccount, revocationOfToken, type SessionCache } from './sessionCache.ts';
import { hashToken, newToken } from './token.ts';

export interface Session {
  accountId: number;
  access: number;
  /** The path of the account's organisation ('/1/4/'): distributors and agents see everything below it. */
  organisationPath: string;
  tokenHash: Buffer;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Sign-in throttling: failures counted over this window, per account and per address. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export function createSessionService(deps: {
  sessions: SessionRepo;
  accounts: AccountRepo;
  cache: SessionCache;
  tokenTtlMs: number;
  now: () => number;
}) {
  const { sessions, accounts, cache, tokenTtlMs, now } = deps;

  /** Ends sessions here at once and tells the other processes. */
  async function revoked(payload: string) {
    cache.evict(payload);
    await sessions.announceRevocation(payload);
  }

  async function open(accountId: number, client: ClientInfo) {
    const token = newToken();
    await sessions.insert({
      tokenHash: hashToken(token),
      accountId,
      expiresAt: new Date(now() + tokenTtlMs),
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 256),
    });
    return token;
  }

  return {
    open,

    /** An unknown user and a wrong password answer the same, in the same time. */
    async login(body: LoginBody, client: ClientInfo) {
      const login = body.user.toLowerCase();
      const failures = await sessions.countFailuresSince(login, client.ip, new Date(now() - THROTTLE_WINDOW_MS));
      if (failures.byUser >= MAX_FAILURES_PER_ACCOUNT || failures.byIp >= MAX_FAILURES_PER_ADDRESS) {
        throw new AppError(Errno.tooFrequent);
      }
      const found = await accounts.findByLogin(body.user);
      if (!(await verifyPassword(found?.passwordHash, body.password)) || !found) {
        await sessions.recordFailure(login, client.ip, new Date(now()));
        throw new AppError(Errno.wrongCredentials);
      }
      if (found.disabledAt) throw new AppError(Errno.accountDisabled);
      return { token: await open(found.id, client), access: found.access };
    },

    async logout(session: Session) {
      await sessions.revoke(session.tokenHash, 'logout');
      await revoked(revocationOfToken(session.tokenHash));
    },

    async authenticate(token: string): Promise<Session> {
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash);
      if (cached) {
        if (cached.expiresAt <= now()) throw new AppError(Errno.tokenExpired);
        return cached.session;
      }
      const row = await sessions.findWithAccount(tokenHash);
      if (!row || row.revokedReason === 'logout') throw new AppError(Errno.tokenInvalid);
      if (row.revokedReason === 'changed' || row.disabledAt) throw new AppError(Errno.signedOutElsewhere);
      if (row.expiresAt.getTime() <= now()) throw new AppError(Errno.tokenExpired);
      const session = { accountId: row.accountId, access: row.access, organisationPath: row.organisationPath, tokenHash };
      cache.set(session, row.expiresAt.getTime());
      return session;
    },

    /** Organisation paths changed (a branch moved): every process re-reads its sessions. */
    async forgetCachedSessions() {
      await revoked(REVOCATION_OF_ALL);
    },

    /** After a password change or reset, every other session of the account ends (41810). */
    async revokeOthers(accountId: number, reason: RevokeReason, keep?: Buffer) {
      await sessions.revokeAccount(accountId, reason, keep);
      await revoked(revocationOfAccount(accountId));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
