import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../packages/server/src/seed/demo.ts';
import { ARTIFACTS_DIR } from './paths.ts';

export { DEMO_PASSWORD };

/** Waits until the address bar shows `path` (query and hash ignored). */
export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits for the locator to be visible and answers it, for chaining. */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible' });
  return locator;
}

/** Saves a screenshot of the page to .artifacts/e2e/<name>.png. */
export async function snap(page: Page, name: string) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS_DIR}${name}.png`, fullPage: true });
}

/** Fills the sign-in form and submits it (does not wait for where it goes). */
export async function submitSignIn(page: Page, user: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('User name or email').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the form and waits until the console shows the landing path. */
export async function signIn(page: Page, user: string, landing: string, password = DEMO_PASSWORD) {
  await submitSignIn(page, user, password);
  await waitForPath(page, landing);
}

export interface StoredClient {
  token: string | null;
  access: number;
  language: string;
  [key: string]: unknown;
}

/** The persisted client state (zustand `sunstack-client` key in local storage). */
export async function storedClient(page: Page): Promise<StoredClient | null> {
  const raw = await page.evaluate(() => localStorage.getItem('sunstack-client'));
  return raw ? (JSON.parse(raw) as { state: StoredClient }).state : null;
}

/** The console's tab bar: a navigation region "Open screens" with one button per open screen. */
export function tabBar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Open screens' });
}

/** The button that shows an open screen's tab (its close button is named "Close <title>"). */
export function tabButton(page: Page, name: string): Locator {
  return tabBar(page).getByRole('listitem').getByRole('button', { name, exact: true });
}

/** The side menu on wide screens. */
export function sideMenu(page: Page): Locator {
  return page.getByRole('complementary').getByRole('menu');
}

/**
 * Chooses a language in the language selector: a native select or an Ant Design one, whichever
 * the app renders. `label` is the selector's accessible name in the language shown now
 * ("Language" in English; it is translated like every other string).
 */
export async function chooseLanguage(page: Page, name: string, label = 'Language') {
  const control = page.getByRole('combobox', { name: label, exact: true });
  if ((await control.evaluate((element) => element.tagName)) === 'SELECT') {
    await control.selectOption({ label: name });
    return;
  }
  await control.click();
  // Ant Design may also render a hidden copy of the options for screen readers: pick the one shown.
  await page.getByRole('option', { name, exact: true }).filter({ visible: true }).click();
}
