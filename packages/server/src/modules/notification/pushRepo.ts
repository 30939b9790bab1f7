import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushEndpoint, pushOutbox, webPushKey } from '../../db/schema.ts';

/** A claimed push is not offered again for this long (longer than an attempt's timeout). */
const PUSH_LEASE_MS = 60_000;

/** Web Push (0053_web_push.sql): the server's VAPID keys, the browsers of accounts, and the pushes to send. */
export function pushStatementsOn(db: Db) {
  return {
    /** The VAPID key pair: the one kept, or `made` kept now when there is none (the first of two racing processes wins). */
    async vapidKeys(made: () => { publicKey: string; privateKey: string }) {
      const [kept] = await db.select().from(webPushKey).where(eq(webPushKey.id, 1));
      if (kept) return kept;
      await db
        .insert(webPushKey)
        .values({ id: 1, ...made() })
        .onConflictDoNothing();
      const [row] = await db.select().from(webPushKey).where(eq(webPushKey.id, 1));
      return row as typeof webPushKey.$inferSelect;
    },

    /** Keeps a browser for an account; an endpoint another account held is handed over (one browser profile, one user). */
    async saveEndpoint(accountId: number, row: { endpoint: string; p256dh: string; auth: string; userAgent: string }) {
      const [saved] = await db
        .insert(pushEndpoint)
        .values({ accountId, ...row })
        .onConflictDoUpdate({
          target: pushEndpoint.endpoint,
          set: { accountId, p256dh: row.p256dh, auth: row.auth, userAgent: row.userAgent },
        })
        .returning();
      return saved as typeof pushEndpoint.$inferSelect;
    },

    /** Forgets one of the account's browsers; false when the account holds no such endpoint. */
    async removeEndpoint(accountId: number, endpoint: string) {
      const removed = await db
        .delete(pushEndpoint)
        .where(and(eq(pushEndpoint.accountId, accountId), eq(pushEndpoint.endpoint, endpoint)))
        .returning({ id: pushEndpoint.id });
      return removed.length > 0;
    },

    listEndpoints: (accountId: number) =>
      db
        .select()
        .from(pushEndpoint)
        .where(eq(pushEndpoint.accountId, accountId))
        .orderBy(asc(pushEndpoint.createdAt), asc(pushEndpoint.id)),

    /** The browsers of these accounts. */
    endpointsOf: (accountIds: number[]) =>
      accountIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: pushEndpoint.id, accountId: pushEndpoint.accountId })
            .from(pushEndpoint)
            .where(inArray(pushEndpoint.accountId, accountIds)),

    async enqueuePushes(rows: { endpointId: number; body: string; at: Date }[]) {
      if (rows.length === 0) return;
      await db.insert(pushOutbox).values(rows.map(({ at, ...row }) => ({ ...row, createdAt: at, nextAttemptAt: at })));
    },

    /** Claims due pushes (past a lease), with their browser's endpoint and keys. */
    async claimPushes(now: Date, limit: number) {
      const due = db
        .select({ id: pushOutbox.id })
        .from(pushOutbox)
        .where(and(isNull(pushOutbox.deliveredAt), isNull(pushOutbox.failedAt), lte(pushOutbox.nextAttemptAt, now)))
        .orderBy(asc(pushOutbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(pushOutbox)
        .set({ attempts: sql`${pushOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + PUSH_LEASE_MS) })
        .where(inArray(pushOutbox.id, due))
        .returning();
      if (claimed.length === 0) return [];
      const browsers = await db
        .select()
        .from(pushEndpoint)
        .where(
          inArray(
            pushEndpoint.id,
            claimed.map((row) => row.endpointId),
          ),
        );
      const byId = new Map(browsers.map((browser) => [browser.id, browser]));
      return claimed.flatMap((row) => {
        const browser = byId.get(row.endpointId);
        return browser ? [{ ...row, browser }] : [];
      });
    },

    async pushDelivered(id: string, at: Date, status: number) {
      await db.update(pushOutbox).set({ deliveredAt: at, lastStatus: status, lastError: null }).where(eq(pushOutbox.id, id));
    },

    async pushFailed(id: string, outcome: { status: number | null; error: string; nextAttemptAt: Date | null; failedAt: Date | null }) {
      await db
        .update(pushOutbox)
        .set({
          lastStatus: outcome.status,
          lastError: outcome.error.slice(0, 500),
          ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
          failedAt: outcome.failedAt,
        })
        .where(eq(pushOutbox.id, id));
    },

    /** The push service dropped the subscription (404, 410): the browser goes, its pushes with it. */
    async dropEndpoint(id: number) {
      await db.delete(pushEndpoint).where(eq(pushEndpoint.id, id));
    },

    async prunePushes(before: Date) {
      await db
        .delete(pushOutbox)
        .where(
          or(
            and(isNotNull(pushOutbox.deliveredAt), lt(pushOutbox.deliveredAt, before)),
            and(isNotNull(pushOutbox.failedAt), lt(pushOutbox.failedAt, before)),
          ),
        );
    },
  };
}
