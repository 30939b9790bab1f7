import { LANGUAGE_NAMES, languageTag } from '@sunstack/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uiString } from './support/strings.ts';
import { useSuite } from './support/suite.ts';
import { chooseLanguage, snap, storedClient, visible } from './support/ui.ts';

const suite = useSuite();

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** The language selector; its accessible name is translated too. */
const languageControl = (page: Page, language: 'en' | 'de') =>
  page.getByRole('combobox', { name: uiString(language, 'header.language'), exact: true });

/**
 * The sign-in page in `language`: its heading and submit button show that language's strings,
 * read from packages/web/src/locales/{core,console}/<language>.json now (English where it has none yet).
 */
async function expectSignInPageIn(page: Page, language: 'en' | 'de') {
  const heading = uiString(language, 'navBar.login');
  const button = uiString(language, 'auth.signIn');
  try {
    await visible(page.getByRole('heading', { level: 1, name: heading, exact: true }));
    await visible(page.getByRole('button', { name: button, exact: true }));
    await visible(languageControl(page, language));
  } catch (error) {
    const hint = `The sign-in page does not show the ${language}.json strings "${heading}" / "${button}". If ${language}.json changed after packages/web/dist was built, rebuild it (npm run test:e2e does).`;
    throw new Error(`${hint}\n${(error as Error).message}`, { cause: error });
  }
}

describe('language switch', () => {
  it('switches the sign-in page to German and sets <html lang="de">', async () => {
    const page = await suite.page();
    await page.goto('/login');
    await expectSignInPageIn(page, 'en');
    expect(await htmlLang(page)).toBe('en');

    await chooseLanguage(page, LANGUAGE_NAMES.de, uiString('en', 'header.language'));
    // The lang attribute proves the switch even while a German string still equals the English one.
    await expect.poll(() => htmlLang(page)).toBe(languageTag('de'));
    await expectSignInPageIn(page, 'de');
    expect((await storedClient(page))?.language).toBe('de');
    await snap(page, 'language-de-login');

    // The choice is kept: a reload comes back in German.
    await page.reload();
    await visible(languageControl(page, 'de'));
    await expect.poll(() => htmlLang(page)).toBe('de');
    await expectSignInPageIn(page, 'de');

    // And back to English, through the selector under its German name.
    await chooseLanguage(page, LANGUAGE_NAMES.en, uiString('de', 'header.language'));
    await expect.poll(() => htmlLang(page)).toBe('en');
    await expectSignInPageIn(page, 'en');
  });
});
