import { Access } from '../access.ts';
import { type CallDeclaration, defineCall } from './call.ts';

const { admin: M } = Access;

/**
 * The journal (spec /bus/logUpdate "journal", switch logUpdate.manage): release notes administrators write and
 * publish; every signed-in account reads the published ones in its language, once after sign-in and in "What's new".
 */
export const journalCalls = {
  list: defineCall({
    method: 'POST',
    path: '/c/v0/journal/list',
    access: [M],
    body: 'journalListBody',
    answer: 'journalListResult',
    tag: 'journal',
    summary: 'Journal notes in every state with all their languages, newest first',
  }),
  create: defineCall({
    method: 'POST',
    path: '/c/v0/journal/create',
    access: [M],
    body: 'journalSaveBody',
    answer: 'createdId',
    tag: 'journal',
    summary: 'A new journal note (a draft): a version label, and a title and body per language, English required',
  }),
  update: defineCall({
    method: 'POST',
    path: '/c/v0/journal/update',
    access: [M],
    body: 'journalUpdateBody',
    answer: 'emptyResult',
    tag: 'journal',
    summary: "Change a note's version label and texts (a withdrawn note is not changed)",
  }),
  state: defineCall({
    method: 'POST',
    path: '/c/v0/journal/state',
    access: [M],
    body: 'journalStateBody',
    answer: 'emptyResult',
    tag: 'journal',
    summary: 'Publish a draft, or withdraw a published note (for good)',
  }),
  delete: defineCall({
    method: 'POST',
    path: '/c/v0/journal/delete',
    access: [M],
    body: 'idBody',
    answer: 'emptyResult',
    tag: 'journal',
    summary: 'Delete a draft or a withdrawn note (a published one is withdrawn first)',
  }),
  unseen: defineCall({
    method: 'GET',
    path: '/c/v0/journal/unseen',
    access: 'signedIn',
    answer: 'journalNotesResult',
    tag: 'journal',
    summary: "The newest published notes this account has not seen (none older than the account), in the caller's language",
  }),
  seen: defineCall({
    method: 'POST',
    path: '/c/v0/journal/seen',
    access: 'signedIn',
    body: 'journalSeenBody',
    answer: 'emptyResult',
    tag: 'journal',
    summary: 'The notes shown after sign-in were dismissed: not shown to this account again',
  }),
  news: defineCall({
    method: 'POST',
    path: '/c/v0/journal/news',
    access: 'signedIn',
    body: 'journalNewsBody',
    answer: 'journalNewsResult',
    tag: 'journal',
    summary: "What's new: the published notes, newest first, in the caller's language (English when it has none)",
  }),
} satisfies Record<string, CallDeclaration>;
