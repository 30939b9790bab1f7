import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../languages.ts';
import { idSchema, pageFields } from './plant.ts';

/** A journal note's life (issue 23): written as a draft, published to every signed-in account, withdrawn for good. */
export const JOURNAL_STATES = ['draft', 'published', 'withdrawn'] as const;
export type JournalState = (typeof JOURNAL_STATES)[number];
export const JOURNAL_LIMITS = { version: 32, title: 120, body: 10_000 } as const;
/** At most this many unseen notes in the dialog after sign-in (newest first); older unseen ones come at the next. */
export const JOURNAL_UNSEEN_MAX = 5;

/** A note's words in one language: a title and a plain-text body (paragraphs and line breaks, no markup). */
export const journalText = z.strictObject({
  title: z.string().trim().min(1, { error: 'journal.titleLength' }).max(JOURNAL_LIMITS.title, { error: 'journal.titleLength' }),
  body: z.string().trim().min(1, { error: 'journal.bodyLength' }).max(JOURNAL_LIMITS.body, { error: 'journal.bodyLength' }),
});
export type JournalText = z.infer<typeof journalText>;

/**
 * The texts by language: English is required (it is every other language's fallback); a key that is no language is
 * refused. An object of the 12 languages rather than a record, so that its keys are known to OpenAPI and the fuzz suite.
 */
export const journalTexts = z
  .strictObject(
    Object.fromEntries(LANGUAGES.map((language) => [language, journalText.optional()])) as Record<
      Language,
      z.ZodOptional<typeof journalText>
    >,
    {
      error: (issue) => (issue.code === 'unrecognized_keys' ? 'journal.languageUnknown' : undefined),
    },
  )
  .check((context) => {
    if (!context.value[DEFAULT_LANGUAGE]) {
      context.issues.push({ code: 'custom', path: [DEFAULT_LANGUAGE, 'title'], message: 'journal.englishRequired', input: context.value });
    }
  });
export type JournalTexts = z.infer<typeof journalTexts>;

export const journalSaveBody = z.strictObject({
  /** A version label ("2.4.0"), optional: a note may have only a title. */
  version: z.string().trim().max(JOURNAL_LIMITS.version, { error: 'journal.versionLength' }).default(''),
  texts: journalTexts,
});
export type JournalSaveBody = z.infer<typeof journalSaveBody>;
export const journalUpdateBody = journalSaveBody.extend({ id: idSchema });
export const journalStateBody = z.strictObject({ id: idSchema, state: z.enum(['published', 'withdrawn']) });
export const journalListBody = z.strictObject({ ...pageFields, state: z.enum(JOURNAL_STATES).optional() });
export type JournalListBody = z.infer<typeof journalListBody>;
/** The notes the dialog after sign-in showed, dismissed: seen by this account. */
export const journalSeenBody = z.strictObject({ ids: z.array(idSchema).min(1).max(JOURNAL_UNSEEN_MAX) });
export const journalNewsBody = z.strictObject({ ...pageFields });

/** A note as administrators manage it: every language it has. */
export const journalEntry = z.object({
  id: z.number(),
  version: z.string(),
  state: z.enum(JOURNAL_STATES),
  texts: z.partialRecord(z.enum(LANGUAGES), z.object({ title: z.string(), body: z.string() })),
  author: z.string(),
  publishedAt: z.number().nullable(),
  updatedAt: z.number(),
});
export type JournalEntry = z.infer<typeof journalEntry>;
export const journalListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  notes: z.array(journalEntry),
});

/** A published note as every account reads it: in the caller's language, or English when it has none. */
export const journalNote = z.object({
  id: z.number(),
  version: z.string(),
  language: z.enum(LANGUAGES),
  title: z.string(),
  body: z.string(),
  publishedAt: z.number(),
});
export type JournalNote = z.infer<typeof journalNote>;
export const journalNotesResult = z.object({ notes: z.array(journalNote) });
export const journalNewsResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  notes: z.array(journalNote),
});
