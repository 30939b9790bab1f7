import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: TestAccount;
let owner: TestAccount;
let installer: TestAccount;
let integrator: TestAccount;
const post = (path: string, body: unknown, who: TestAccount, lang = 'en') => t.call('POST', path, body, { token: who.token, lang });
const unseen = async (who: TestAccount, lang = 'en') =>
  (await t.call('GET', '/c/v0/journal/unseen', undefined, { token: who.token, lang })).body.result.notes;
const news = async (who: TestAccount, lang = 'en') => (await post('/c/v0/journal/news', { pageSize: 50 }, who, lang)).body.result;
const release = {
  version: '2.4.0',
  texts: {
    en: { title: 'Faster reports', body: 'Monthly reports now take seconds.\n\nTry them.' },
    de: { title: 'Schnellere Berichte', body: 'Monatsberichte dauern jetzt Sekunden.' },
  },
};

async function created(note: object = release) {
  const answer = await post('/c/v0/journal/create', note, admin);
  expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
  return answer.body.result.id as number;
}
const setState = (id: number, state: string, who = admin) => post('/c/v0/journal/state', { id, state }, who);
const noteCount = async () => (await post('/c/v0/journal/list', {}, admin)).body.result.total as number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  owner = await t.createAccount(Access.endUser);
  installer = await t.createAccount(Access.installer);
  integrator = await t.createAccount(Access.integrator);
});
afterAll(() => t.close());

describe('journal (issue 23): release notes', () => {
  it('lets only administrators write, list, publish and delete notes', async () => {
    const id = await created();
    const before = await noteCount();
    for (const who of [owner, installer, integrator]) {
      expect((await post('/c/v0/journal/create', release, who)).body.errno).toBe(Errno.noPermission);
      expect((await post('/c/v0/journal/list', {}, who)).body.errno).toBe(Errno.noPermission);
      expect((await post('/c/v0/journal/update', { ...release, id }, who)).body.errno).toBe(Errno.noPermission);
      expect((await setState(id, 'published', who)).body.errno).toBe(Errno.noPermission);
      expect((await post('/c/v0/journal/delete', { id }, who)).body.errno).toBe(Errno.noPermission);
    }
    expect(await noteCount()).toBe(before);
    const [note] = (await post('/c/v0/journal/list', { state: 'draft' }, admin)).body.result.notes;
    expect(note).toMatchObject({ id, state: 'draft', version: '2.4.0', author: admin.username, publishedAt: null, texts: release.texts });
    expect((await post('/c/v0/journal/delete', { id }, admin)).body.errno).toBe(0);
  });

  it('refuses bad input with a translated reason per field, and changes nothing', async () => {
    const id = await created();
    const before = await noteCount();
    const refused = async (body: object, path: string, message: string) => {
      const answer = await post('/c/v0/journal/create', body, admin);
      expect(answer.body.errno).toBe(Errno.bodyInvalid);
      expect(answer.body.result.issues).toContainEqual({ path, message });
      const changed = await post('/c/v0/journal/update', { ...body, id }, admin);
      expect(changed.body.result.issues).toContainEqual({ path, message });
    };
    await refused({ texts: { de: release.texts.de } }, 'body.texts.en.title', 'journal.englishRequired');
    await refused({ texts: { ...release.texts, xx: release.texts.de } }, 'body.texts', 'journal.languageUnknown');
    await refused({ texts: { en: { title: 'T'.repeat(121), body: 'b' } } }, 'body.texts.en.title', 'journal.titleLength');
    await refused({ texts: { en: { title: '   ', body: 'b' } } }, 'body.texts.en.title', 'journal.titleLength');
    await refused({ texts: { en: { title: 't', body: 'b'.repeat(10_001) } } }, 'body.texts.en.body', 'journal.bodyLength');
    await refused({ version: 'v'.repeat(33), texts: release.texts }, 'body.version', 'journal.versionLength');
    expect(await noteCount()).toBe(before);
    const [note] = (await post('/c/v0/journal/list', { state: 'draft' }, admin)).body.result.notes;
    expect(note).toMatchObject({ id, texts: release.texts });
    const log = await post('/c/v0/log/operation/list', { objectType: 'journal', objectId: String(id) }, admin);
    expect(log.body.result.entries.map((e: { action: string }) => e.action)).toEqual(['journal.create']);
    expect((await post('/c/v0/journal/delete', { id }, admin)).body.errno).toBe(0);
  });

  it('shows a published note once per account, in its language or English, and never a draft or a withdrawn note', async () => {
    const draft = await created({ version: '', texts: { en: { title: 'Not yet', body: 'Draft.' } } });
    const id = await created();
    // A draft reaches nobody but administrators; naming it as seen is passed over like a missing note.
    expect(await unseen(owner)).toEqual([]);
    expect((await news(owner)).notes).toEqual([]);
    expect((await post('/c/v0/journal/seen', { ids: [draft] }, owner)).body.errno).toBe(0);

    expect((await setState(id, 'published')).body.errno).toBe(0);
    const german = await unseen(owner, 'de');
    expect(german).toMatchObject([{ id, version: '2.4.0', language: 'de', title: 'Schnellere Berichte' }]);
    // French is missing: English.
    expect(await unseen(installer, 'fr')).toMatchObject([{ id, language: 'en', title: 'Faster reports', body: release.texts.en.body }]);
    expect(await unseen(integrator)).toHaveLength(1);
    // The administrator who published it has read it.
    expect(await unseen(admin)).toEqual([]);
    expect((await news(owner, 'de')).notes.map((note: { title: string }) => note.title)).toEqual(['Schnellere Berichte']);

    // Dismissed once: not again for this account, in another session (another browser) either; the others still see it.
    expect((await post('/c/v0/journal/seen', { ids: [id, id] }, owner)).body.errno).toBe(0);
    expect(await unseen(owner, 'de')).toEqual([]);
    const elsewhere = { ...owner, token: await t.signIn(owner.username, owner.password) };
    expect(await unseen(elsewhere, 'de')).toEqual([]);
    expect(await unseen(installer)).toHaveLength(1);
    expect((await news(elsewhere)).total).toBe(1);

    // Withdrawn: gone from the dialog and the list, final, and deleted only then.
    expect((await post('/c/v0/journal/delete', { id }, admin)).body.errno).toBe(Errno.journalNotEditable);
    expect((await setState(id, 'withdrawn')).body.errno).toBe(0);
    expect(await unseen(installer)).toEqual([]);
    expect((await news(installer)).notes).toEqual([]);
    expect((await setState(id, 'published')).body.errno).toBe(Errno.journalStateRefused);
    expect((await setState(draft, 'withdrawn')).body.errno).toBe(Errno.journalStateRefused);
    expect((await post('/c/v0/journal/update', { ...release, id }, admin)).body.errno).toBe(Errno.journalNotEditable);
    expect((await post('/c/v0/journal/delete', { id }, admin)).body.errno).toBe(0);
    expect((await setState(id, 'published')).body.errno).toBe(Errno.notFound);
    const log = await post('/c/v0/log/operation/list', { objectType: 'journal', objectId: String(id) }, admin);
    expect(log.body.result.entries.map((e: { action: string }) => e.action)).toEqual([
      'journal.delete',
      'journal.withdraw',
      'journal.publish',
      'journal.create',
    ]);
    expect((await post('/c/v0/journal/delete', { id: draft }, admin)).body.errno).toBe(0);
  });

  it('shows a new account nothing published before it was made, and what is published after', async () => {
    const older = await created({ version: '2.5.0', texts: { en: { title: 'Older', body: 'Before you came.' } } });
    expect((await setState(older, 'published')).body.errno).toBe(0);
    const newcomer = await t.createAccount(Access.endUser);
    expect(await unseen(newcomer)).toEqual([]);
    expect((await news(newcomer)).notes.map((note: { id: number }) => note.id)).toEqual([older]);

    const newer = await created({ version: '2.6.0', texts: { en: { title: 'Newer', body: 'After.' } } });
    expect((await setState(newer, 'published')).body.errno).toBe(0);
    expect((await unseen(newcomer)).map((note: { id: number }) => note.id)).toEqual([newer]);
    // Older accounts get both, newest first; What's new lists both, newest first.
    expect((await unseen(owner)).map((note: { id: number }) => note.id)).toEqual([newer, older]);
    expect((await news(owner)).notes.map((note: { id: number }) => note.id)).toEqual([newer, older]);
    // A correction of a published note keeps its time and who has seen it.
    expect((await post('/c/v0/journal/seen', { ids: [newer] }, owner)).body.errno).toBe(0);
    expect(
      (await post('/c/v0/journal/update', { version: '2.6.1', texts: { en: { title: 'Newer', body: 'Fixed.' } }, id: newer }, admin)).body
        .errno,
    ).toBe(0);
    expect((await unseen(owner)).map((note: { id: number }) => note.id)).toEqual([older]);
    expect((await news(owner)).notes[0]).toMatchObject({ id: newer, version: '2.6.1', body: 'Fixed.' });
  });
});
