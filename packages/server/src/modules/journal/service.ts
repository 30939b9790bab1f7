import {
  DEFAULT_LANGUAGE,
  Errno,
  JOURNAL_UNSEEN_MAX,
  type JournalEntry,
  type JournalListBody,
  type JournalNote,
  type JournalSaveBody,
  type JournalText,
  type Language,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { requirePermission } from '../../core/permissions.ts';
import { type PageRequest, pageOf } from '../../db/page.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { JournalNoteRow, JournalRepo } from './repo.ts';

const present = (note: JournalNoteRow, author: string): JournalEntry => ({
  id: note.id,
  version: note.version,
  state: note.state,
  texts: note.texts,
  author,
  publishedAt: note.publishedAt?.getTime() ?? null,
  updatedAt: note.updatedAt.getTime(),
});

/** A published note in the reader's language, or in English when the note has none in it. */
function inLanguage(note: JournalNoteRow, language: Language): JournalNote {
  const shown = note.texts[language] ? language : DEFAULT_LANGUAGE;
  const { title, body } = note.texts[shown] as JournalText;
  return { id: note.id, version: note.version, language: shown, title, body, publishedAt: note.publishedAt?.getTime() ?? 0 };
}

/**
 * The journal. Administrators (switch logUpdate.manage) write notes and move them draft → published → withdrawn;
 * a withdrawn note is final (it may have been shown, so it is not quietly changed or shown again). Every signed-in
 * account reads the published ones: the dialog after sign-in takes the newest it has not seen (none older than the
 * account), and What's new lists them all. Drafts and withdrawn notes answer to nobody but administrators.
 */
export function createJournalService(deps: { repo: JournalRepo; audit: AuditService; transaction: Transaction }) {
  const { repo, audit, transaction } = deps;

  async function locked(id: number) {
    const row = await repo.lock(id);
    if (!row) throw notFound();
    return row;
  }
  const summary = (note: Pick<JournalNoteRow, 'version' | 'state' | 'texts'>) => ({
    version: note.version,
    state: note.state,
    title: note.texts.en?.title,
    languages: Object.keys(note.texts),
  });

  return {
    async list(session: Session, { currentPage, pageSize, state }: JournalListBody) {
      requirePermission(session, 'logUpdate.manage');
      const { total, rows } = await repo.list(state, pageOf({ currentPage, pageSize }));
      return { total, currentPage, pageSize, notes: rows.map(({ note, author }) => present(note, author)) };
    },

    async create(session: Session, client: ClientInfo, { version, texts }: JournalSaveBody) {
      requirePermission(session, 'logUpdate.manage');
      return transaction(async () => {
        const id = await repo.insert({ version, texts: texts, createdBy: session.accountId });
        await audit.record(session, client, {
          action: 'journal.create',
          objectType: 'journal',
          objectId: id,
          after: summary({ version, state: 'draft', texts: texts }),
        });
        return { id };
      });
    },

    /** Drafts and published notes take corrections (a published one keeps its time and who has seen it). */
    async update(session: Session, client: ClientInfo, { id, version, texts }: JournalSaveBody & { id: number }) {
      requirePermission(session, 'logUpdate.manage');
      await transaction(async () => {
        const before = await locked(id);
        if (before.state === 'withdrawn') throw new AppError(Errno.journalNotEditable);
        await repo.update(id, { version, texts: texts });
        await audit.record(session, client, {
          action: 'journal.update',
          objectType: 'journal',
          objectId: id,
          before: summary(before),
          after: summary({ ...before, version, texts: texts }),
        });
      });
    },

    async setState(session: Session, client: ClientInfo, { id, state }: { id: number; state: 'published' | 'withdrawn' }) {
      requirePermission(session, 'logUpdate.manage');
      await transaction(async () => {
        const before = await locked(id);
        const from = state === 'published' ? 'draft' : 'published';
        if (before.state !== from) throw new AppError(Errno.journalStateRefused);
        await repo.update(id, { state });
        // The publisher has read the note: the dialog after sign-in is for the others.
        if (state === 'published') await repo.markSeen(session.accountId, [id]);
        await audit.record(session, client, {
          action: state === 'published' ? 'journal.publish' : 'journal.withdraw',
          objectType: 'journal',
          objectId: id,
          before: { state: before.state },
          after: { state },
        });
      });
    },

    /** Drafts (never shown) and withdrawn notes only: a published note is withdrawn first, so the log shows both steps. */
    async delete(session: Session, client: ClientInfo, id: number) {
      requirePermission(session, 'logUpdate.manage');
      await transaction(async () => {
        const before = await locked(id);
        if (before.state === 'published') throw new AppError(Errno.journalNotEditable);
        await repo.delete(id);
        await audit.record(session, client, { action: 'journal.delete', objectType: 'journal', objectId: id, before: summary(before) });
      });
    },

    async unseen(session: Session, language: Language) {
      const notes = await repo.unseen(session.accountId, JOURNAL_UNSEEN_MAX);
      return { notes: notes.map((note) => inLanguage(note, language)) };
    },

    async markSeen(session: Session, ids: number[]) {
      await repo.markSeen(session.accountId, [...new Set(ids)]);
    },

    async news(language: Language, request: PageRequest) {
      const { total, rows } = await repo.published(pageOf(request));
      return { ...request, total, notes: rows.map((note) => inLanguage(note, language)) };
    },
  };
}
export type JournalService = ReturnType<typeof createJournalService>;
