import type { InvitationListBody, InvitationStatus } from '@sunstack/shared';
import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pathWithin } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { contains } from '../../db/like.ts';
import { offsetOf } from '../../db/page.ts';
import { account, invitation, organisation } from '../../db/schema.ts';

export type InvitationRow = typeof invitation.$inferSelect;
export type NewInvitation = Pick<
  InvitationRow,
  'tokenHash' | 'email' | 'access' | 'organisationId' | 'invitedBy' | 'language' | 'expiresAt'
>;

const inviter = alias(account, 'inviter');
const invitee = alias(account, 'invitee');

/** An invitation's status at `now` (the app's clock, so tests can move time). */
const statusAt = (now: Date) =>
  sql<InvitationStatus>`case when ${invitation.revokedAt} is not null then 'revoked' when ${invitation.usedAt} is not null then 'used' when ${invitation.expiresAt} <= ${now} then 'expired' else 'pending' end`;
const pendingAt = (now: Date): SQL => and(isNull(invitation.revokedAt), isNull(invitation.usedAt), gt(invitation.expiresAt, now)) as SQL;

/** Organisations of a branch: the one at `path` and every one below it (undefined: all). */
const inBranch = (path: string | undefined): SQL | undefined => (path ? pathWithin(organisation.path, path) : undefined);

export function createInvitationRepo(db: Db) {
  return {
    /** An organisation of the branch, by id. */
    async organisationInBranch(path: string | undefined, id: number) {
      const [row] = await db
        .select({ id: organisation.id, name: organisation.name })
        .from(organisation)
        .where(and(eq(organisation.id, id), inBranch(path)));
      return row;
    },

    /** Creates an invitation; an earlier pending one to the same address and branch is withdrawn, so one link works. */
    async insert(row: NewInvitation, now: Date) {
      return db.transaction(async (tx) => {
        await tx
          .update(invitation)
          .set({ revokedAt: now })
          .where(
            and(sql`lower(${invitation.email}) = lower(${row.email})`, eq(invitation.organisationId, row.organisationId), pendingAt(now)),
          );
        const [created] = await tx.insert(invitation).values(row).returning({ id: invitation.id });
        return (created as { id: number }).id;
      });
    },

    /** Invitations into the branch at `path` (all for undefined), newest first. */
    async list(path: string | undefined, filters: InvitationListBody, now: Date) {
      const status = statusAt(now);
      const where = and(
        inBranch(path),
        filters.email ? contains(invitation.email, filters.email) : undefined,
        filters.status ? sql`${status} = ${filters.status}` : undefined,
      );
      const [total] = await db
        .select({ n: count() })
        .from(invitation)
        .innerJoin(organisation, eq(organisation.id, invitation.organisationId))
        .where(where);
      const rows = await db
        .select({ invitation, status, organisation: organisation.name, invitedBy: inviter.username, usedBy: invitee.username })
        .from(invitation)
        .innerJoin(organisation, eq(organisation.id, invitation.organisationId))
        .leftJoin(inviter, eq(inviter.id, invitation.invitedBy))
        .leftJoin(invitee, eq(invitee.id, invitation.accountId))
        .where(where)
        .orderBy(desc(invitation.id))
        .limit(filters.pageSize)
        .offset(offsetOf(filters));
      return { total: total?.n ?? 0, rows };
    },

    async findInBranch(path: string | undefined, id: number) {
      const [row] = await db
        .select({ invitation })
        .from(invitation)
        .innerJoin(organisation, eq(organisation.id, invitation.organisationId))
        .where(and(eq(invitation.id, id), inBranch(path)));
      return row?.invitation;
    },

    /** Withdraws a pending invitation; false when it was not pending. */
    async revoke(id: number, now: Date) {
      const rows = await db
        .update(invitation)
        .set({ revokedAt: now })
        .where(and(eq(invitation.id, id), pendingAt(now)))
        .returning({ id: invitation.id });
      return rows.length === 1;
    },

    /** A pending invitation by its token's hash, with the name of the branch it joins. */
    async findPending(tokenHash: Buffer, now: Date) {
      const [row] = await db
        .select({ invitation, organisation: organisation.name })
        .from(invitation)
        .innerJoin(organisation, eq(organisation.id, invitation.organisationId))
        .where(and(eq(invitation.tokenHash, tokenHash), pendingAt(now)));
      return row;
    },

    /** Marks a pending invitation used, once: of two sign-ups with one token, only one gets the row. */
    async claim(tokenHash: Buffer, now: Date) {
      const [row] = await db
        .update(invitation)
        .set({ usedAt: now })
        .where(and(eq(invitation.tokenHash, tokenHash), pendingAt(now)))
        .returning();
      return row;
    },

    /** Undoes a claim whose sign-up failed after it (a user name taken meanwhile), so the link works again. */
    async release(id: number) {
      await db
        .update(invitation)
        .set({ usedAt: null })
        .where(and(eq(invitation.id, id), isNull(invitation.accountId)));
    },

    async attachAccount(id: number, accountId: number) {
      await db.update(invitation).set({ accountId }).where(eq(invitation.id, id));
    },
  };
}
export type InvitationRepo = ReturnType<typeof createInvitationRepo>;
