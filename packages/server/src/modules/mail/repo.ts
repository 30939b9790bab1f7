import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type MailAttachment, mailOutbox } from '../../db/schema.ts';

/** A claimed mail is not offered again for this long; if its sender dies it is retried after. */
const LEASE_SECONDS = 120;

export function createMailRepo(db: Db) {
  return {
    async enqueue(mail: { recipient: string; subject: string; body: string; attachments?: MailAttachment[] }) {
      await db.insert(mailOutbox).values(mail);
    },

    /** Several mails in one statement (pass a transaction's handle to write them with other rows). */
    async enqueueMany(mails: { recipient: string; subject: string; body: string }[]) {
      if (mails.length > 0) await db.insert(mailOutbox).values(mails);
    },

    /** Claims due mails by pushing their next attempt past the lease, so two senders never take the same one. */
    async claimDue(limit: number) {
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        })
        .where(inArray(mailOutbox.id, due))
        .returning();
    },

    async markSent(id: number) {
      await db.update(mailOutbox).set({ sentAt: sql`now()`, lastError: null }).where(eq(mailOutbox.id, id));
    },

    /** Backs off exponentially: 30 s, 1 min, 2 min ... capped at an hour. */
    async markFailed(id: number, attempts: number, error: string) {
      const delaySeconds = Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
      await db
        .update(mailOutbox)
        .set({ lastError: error.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})` })
        .where(eq(mailOutbox.id, id));
    },
  };
}
export type MailRepo = ReturnType<typeof createMailRepo>;
