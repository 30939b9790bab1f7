import { Errno, type LoginBody } from '@sunstack/shared';
import { type AttemptLimiter, passwordGuessLimits } from '../../core/attempts.ts';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { effectivePermissions } from '../../core/permissions.ts';
import { AppError } from '../../http/errors.ts';
import type { AccountRepo } from '../account/repo.ts';
import type { AuditService } from '../audit/service.ts';
import { verifyPassword } from './password.ts';
import type { RevokeReason, SessionRepo } from './repo.ts';
import { REVOCATION_OF_ALL, revocationOfAccount, revocationOfToken, type SessionCache } from './sessionCache.ts';
import { hashToken, newToken } from './token.ts';

export function createSessionService(deps: {
  sessions: SessionRepo;
  accounts: AccountRepo;
  cache: SessionCache;
  /** Sign-ins, their failures and sign-outs go to the account log. */
  audit: Pick<AuditService, 'recordAccountEvent'>;
  /** Wrong passwords are limited per account and address, per address, and per account (passwordGuessLimits). */
  attempts: AttemptLimiter;
  tokenTtlMs: number;
  now: () => number;
}) {
  const { sessions, accounts, cache, audit, attempts, tokenTtlMs, now } = deps;

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

    /**
     * An unknown user and a wrong password answer the same, in the same time. Throttled attempts
     * are not written to the account log, so a flood cannot grow it without bound.
     */
    async login(body: LoginBody, client: ClientInfo) {
      const found = await accounts.findByLogin(body.user);
      // User name and email of one account count as one; what names no account counts as typed.
      const subject = found ? `account:${found.id}` : `login:${body.user.toLowerCase()}`;
      const attempt = await attempts.take(passwordGuessLimits(subject, client.ip));
      if (!attempt) throw new AppError(Errno.passwordGuessesPaused);
      if (!(await verifyPassword(found?.passwordHash, body.password)) || !found) {
        await audit.recordAccountEvent(client, {
          event: 'signInFailed',
          account: found ?? null,
          actorId: null,
          typed: body.user,
          detail: found ? 'wrongPassword' : 'unknownUser',
        });
        throw new AppError(Errno.wrongCredentials);
      }
      await attempt.giveBack();
      if (found.disabledAt) {
        await audit.recordAccountEvent(client, { event: 'signInFailed', account: found, actorId: null, detail: 'disabled' });
        throw new AppError(Errno.accountDisabled);
      }
      const token = await open(found.id, client);
      await audit.recordAccountEvent(client, { event: 'signIn', account: found, actorId: found.id });
      return { token, access: found.access, passwordChangeRequired: found.passwordChangeRequired };
    },

    async logout(session: Session, client: ClientInfo) {
      await sessions.revoke(session.tokenHash, 'logout');
      await revoked(revocationOfToken(session.tokenHash));
      const found = await accounts.findById(session.accountId);
      if (found) await audit.recordAccountEvent(client, { event: 'signOut', account: found, actorId: found.id });
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
      const session = {
        accountId: row.accountId,
        access: row.access,
        organisationPath: row.organisationPath,
        tokenHash,
        permissions: effectivePermissions(row.access, row.groupPermissions),
        permissionGroupId: row.permissionGroupId,
        passwordChangeRequired: row.passwordChangeRequired,
      };
      cache.set(session, row.expiresAt.getTime());
      return session;
    },

    /**
     * What a session holds changed (a branch moved, a permission group changed): every process
     * re-reads the sessions `payload` names (all by default, see sessionCache.ts); none is revoked.
     */
    async forgetCachedSessions(payload: string = REVOCATION_OF_ALL) {
      await revoked(payload);
    },

    /** After a password change or reset, every other session of the account ends (41810). */
    async revokeOthers(accountId: number, reason: RevokeReason, keep?: Buffer) {
      await sessions.revokeAccount(accountId, reason, keep);
      await revoked(revocationOfAccount(accountId));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
