import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, organisation, permissionGroup, session } from '../../db/schema.ts';
import { announceRevocation } from './sessionCache.ts';

export type RevokeReason = 'logout' | 'changed';

export function createSessionRepo(db: Db) {
  return {
    async insert(row: { tokenHash: Buffer; accountId: number; expiresAt: Date; ip: string; userAgent: string }) {
      await db.insert(session).values(row);
    },

    async findWithAccount(tokenHash: Buffer) {
      const [row] = await db
        .select({
          accountId: session.accountId,
          expiresAt: session.expiresAt,
          revokedReason: session.revokedReason,
          access: account.access,
          disabledAt: account.disabledAt,
          organisationPath: organisation.path,
          passwordChangeRequired: account.passwordChangeRequired,
          permissionGroupId: permissionGroup.id,
          groupPermissions: permissionGroup.permissions,
        })
        .from(session)
        .innerJoin(account, eq(account.id, session.accountId))
        .innerJoin(organisation, eq(organisation.id, account.organisationId))
        // The account's effective group (0005_permission_groups.sql); none: its role's defaults.
        .leftJoin(permissionGroup, eq(permissionGroup.id, sql`account_permission_group(${account.id})`))
        .where(eq(session.tokenHash, tokenHash));
      return row;
    },

    async revoke(tokenHash: Buffer, reason: RevokeReason) {
      await db
        .update(session)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(session.tokenHash, tokenHash), isNull(session.revokedAt)));
    },

    /** Revokes every live session of an account, but the one it is acting from (if any). */
    async revokeAccount(accountId: number, reason: RevokeReason, keep?: Buffer) {
      await db
        .update(session)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(session.accountId, accountId), isNull(session.revokedAt), keep ? ne(session.tokenHash, keep) : undefined));
    },

    /** Tells every process (this one included) that sessions ended; see sessionCache.ts. */
    announceRevocation: (payload: string) => announceRevocation(db, payload),
  };
}
export type SessionRepo = ReturnType<typeof createSessionRepo>;
