import type { JournalState } from '@sunstack/shared';
import { and, desc, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Page } from '../../db/page.ts';
import { account, journalNote, journalSeen } from '../../db/schema.ts';

export type JournalNoteRow = typeof journalNote.$inferSelect;
const published = eq(journalNote.state, 'published');
const newestFirst = [desc(journalNote.publishedAt), desc(journalNote.id)];

/** Journal notes and which account has seen which. */
export function createJournalRepo(db: Db) {
  return {
    /** Notes in every state (or one), newest change first, with their author's user name. */
    async list(state: JournalState | undefined, page: Page) {
      const where = state ? eq(journalNote.state, state) : undefined;
      const total = await db.$count(journalNote, where);
      const rows = await db
        .select({ note: journalNote, author: account.username })
        .from(journalNote)
        .innerJoin(account, eq(account.id, journalNote.createdBy))
        .where(where)
        .orderBy(desc(journalNote.updatedAt), desc(journalNote.id))
        .limit(page.limit)
        .offset(page.offset);
      return { total, rows };
    },
    async lock(id: number) {
      const [row] = await db.select().from(journalNote).where(eq(journalNote.id, id)).for('update');
      return row;
    },
    async insert(row: Pick<typeof journalNote.$inferInsert, 'version' | 'texts' | 'createdBy'>) {
      const [created] = await db.insert(journalNote).values(row).returning({ id: journalNote.id });
      return (created as { id: number }).id;
    },
    /** Changes a note; publishing stamps the database's clock, the same clock as an account's creation time. */
    async update(id: number, change: Partial<Pick<typeof journalNote.$inferInsert, 'version' | 'texts' | 'state'>>) {
      await db
        .update(journalNote)
        .set({ ...change, updatedAt: sql`now()`, ...(change.state === 'published' && { publishedAt: sql`now()` }) })
        .where(eq(journalNote.id, id));
    },
    async delete(id: number) {
      await db.delete(journalNote).where(eq(journalNote.id, id));
    },

    /** Published notes, newest first (What's new). */
    async published(page: Page) {
      const total = await db.$count(journalNote, published);
      const rows = await db
        .select()
        .from(journalNote)
        .where(published)
        .orderBy(...newestFirst)
        .limit(page.limit)
        .offset(page.offset);
      return { total, rows };
    },
    /** The newest published notes the account has not seen, none published before the account was made. */
    unseen: (accountId: number, limit: number) =>
      db
        .select({ note: journalNote })
        .from(journalNote)
        .innerJoin(account, eq(account.id, accountId))
        .where(
          and(
            published,
            gt(journalNote.publishedAt, account.createdAt),
            notExists(
              db
                .select({ one: sql`1` })
                .from(journalSeen)
                .where(and(eq(journalSeen.accountId, accountId), eq(journalSeen.noteId, journalNote.id))),
            ),
          ),
        )
        .orderBy(...newestFirst)
        .limit(limit)
        .then((rows) => rows.map((row) => row.note)),
    /** Marks these notes seen by the account; a draft, withdrawn or unknown id is passed over like a missing one. */
    async markSeen(accountId: number, ids: number[]) {
      const notes = await db
        .select({ noteId: journalNote.id })
        .from(journalNote)
        .where(and(published, inArray(journalNote.id, ids)));
      if (notes.length === 0) return;
      await db
        .insert(journalSeen)
        .values(notes.map(({ noteId }) => ({ accountId, noteId })))
        .onConflictDoNothing();
    },
  };
}
export type JournalRepo = ReturnType<typeof createJournalRepo>;
