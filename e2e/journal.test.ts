import { HOME_PATH, LANGUAGE_NAMES } from '@sunstack/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uiString } from './support/strings.ts';
import { useSuite } from './support/suite.ts';
import { chooseLanguage, DEMO_PASSWORD, settled, signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const en = (key: string) => uiString('en', key);
const de = (key: string) => uiString('de', key);
const NOTE = {
  version: '2.4.0',
  en: { title: 'Faster monthly reports', body: 'Monthly reports now take seconds.\n\nOpen them from Reports.' },
  de: { title: 'Schnellere Monatsberichte', body: 'Monatsberichte dauern jetzt Sekunden.\n\nSie finden sie unter Berichte.' },
};

/** Signs demo_user in with the sign-in page switched to German, and waits for the console's unseen-notes call. */
async function signInInGerman(page: Page) {
  await page.goto('/login');
  await chooseLanguage(page, LANGUAGE_NAMES.de, en('header.language'));
  await page.getByLabel(de('auth.user')).fill('demo_user');
  await page.getByLabel(de('auth.password'), { exact: true }).fill(DEMO_PASSWORD);
  const unseen = page.waitForResponse((response) => response.url().includes('/c/v0/journal/unseen'));
  await page.getByRole('button', { name: de('auth.signIn'), exact: true }).click();
  return unseen;
}

describe('journal (issue 23): release notes shown once after sign-in', () => {
  it('an administrator publishes a note in English and German; a German user sees it once, then only in What’s new', async () => {
    const admin = await suite.page();
    await signIn(admin, 'demo_admin', HOME_PATH);
    await admin.goto('/bus/logUpdate');
    await visible(admin.getByRole('tab', { name: en('journal.name') }));
    await admin.getByRole('button', { name: en('journal.create') }).click();
    const drawer = admin.locator('.ant-drawer');
    await drawer.getByLabel(en('journal.version')).fill(NOTE.version);
    // German alone is refused: English is every language's fallback.
    const panel = (language: keyof typeof LANGUAGE_NAMES) =>
      drawer.locator('.ant-collapse-item').filter({ has: admin.getByText(LANGUAGE_NAMES[language], { exact: true }) });
    await panel('de').getByText(LANGUAGE_NAMES.de, { exact: true }).click();
    await panel('de').getByLabel(en('journal.title')).fill(NOTE.de.title);
    await panel('de').getByLabel(en('journal.body')).fill(NOTE.de.body);
    await visible(panel('de').getByText(en('journal.written')));
    await drawer.getByRole('button', { name: en('common.save') }).click();
    await visible(panel('en').getByText(en('journal.englishRequired')));
    await panel('en').getByLabel(en('journal.title')).fill(NOTE.en.title);
    await expect.poll(() => panel('en').getByText(en('journal.englishRequired')).count()).toBe(0);
    await panel('en').getByLabel(en('journal.body')).fill(NOTE.en.body);
    await snap(admin, 'journal-drawer-1440');
    await drawer.getByRole('button', { name: en('common.save') }).click();
    const row = admin.locator('.ant-table-row', { hasText: NOTE.en.title });
    await visible(row.getByText(en('journal.states.draft')));
    await row.getByRole('button', { name: en('journal.publish') }).click();
    await (await settled(admin.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }))).click();
    await visible(row.getByText(en('journal.states.published')));
    await snap(admin, 'journal-admin-1440');

    // A German user: the German note, once.
    const reader = await suite.page();
    expect((await (await signInInGerman(reader)).json()).result.notes).toHaveLength(1);
    const dialog = reader.getByRole('dialog', { name: de('journal.newTitle') });
    await visible(dialog.getByText(NOTE.de.title));
    await visible(dialog.getByText('Sie finden sie unter Berichte.'));
    expect(await dialog.getByText(NOTE.en.title).count()).toBe(0);
    await snap(reader, 'journal-dialog-de-1440');
    await (await settled(dialog.getByRole('button', { name: de('journal.dismiss') }))).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Not again: after a reload, nor after signing in again in another browser.
    const afterReload = reader.waitForResponse((response) => response.url().includes('/c/v0/journal/unseen'));
    await reader.reload();
    expect((await (await afterReload).json()).result.notes).toEqual([]);
    const elsewhere = await suite.page({ viewport: { width: 390, height: 844 } });
    expect((await (await signInInGerman(elsewhere)).json()).result.notes).toEqual([]);
    await visible(elsewhere.getByRole('button', { name: new RegExp(`^${de('header.account')}`) }));
    expect(await elsewhere.getByRole('dialog').count()).toBe(0);

    // It stays in What's new, in German.
    await elsewhere.getByRole('button', { name: new RegExp(`^${de('header.account')}`) }).click();
    await (await settled(elsewhere.getByRole('menuitem', { name: de('journal.whatsNew') }))).click();
    const news = elsewhere.locator('.ant-drawer');
    await visible(news.getByText(NOTE.de.title));
    await visible(news.getByText(NOTE.version));
    await snap(elsewhere, 'journal-news-de-390');
  });
});
