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

/**
 * Waits until the element is visible and has finished opening: neither it nor a container of it (a dropdown, popover,
 * dialog, drawer) is still in an Ant Design opening motion. Playwright counts a popup as ready while it is laid out at
 * full size but invisible (`-prepare`), before it jumps to scale(0) and grows: a click sent then can have its mouse-down
 * and mouse-up on different elements, and no click happens. Answers the locator, for chaining.
 */
export async function settled(locator: Locator): Promise<Locator> {
  await visible(locator);
  const element = await locator.elementHandle();
  await locator.page().waitForFunction(
    (node) => {
      // rc-motion's classes (`ant-zoom-big-appear-prepare`, `ant-slide-up-enter-active`…) last from before the motion to its end.
      for (let box: Element | null = node; box; box = box.parentElement) {
        if ([...box.classList].some((name) => /-(appear|enter)(-|$)/.test(name))) return false;
      }
      return document
        .getAnimations()
        .every((motion) => motion.playState === 'finished' || !(motion.effect as KeyframeEffect | null)?.target?.contains(node));
    },
    element,
    { polling: 'raf' },
  );
  await element?.dispose();
  return locator;
}

/**
 * Picks an option in an Ant Design select: opens it (a click, or typing `search` into a searchable one), waits until
 * its dropdown has finished opening (see `settled`), clicks the option and waits until the choice took: a single
 * select's dropdown closed, a multiple one's option marked chosen. `control` is the select's combobox.
 */
export async function chooseOption(control: Locator, option: string | RegExp, search?: string) {
  if (search === undefined) await control.click();
  else await control.fill(search);
  const page = control.page();
  // The combobox's id names its listbox (`<id>_list`), which is inside this select's own dropdown.
  const id = await control.getAttribute('id');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}_list"]`) });
  const item = (await settled(dropdown)).locator('.ant-select-item-option').filter({ hasText: option });
  const multiple = await control.evaluate((element) => element.closest('.ant-select-multiple') !== null);
  await item.click();
  if (multiple) await item.and(page.locator('.ant-select-item-option-selected')).waitFor();
  else await dropdown.waitFor({ state: 'hidden' });
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
 * Chooses a language in the language selector (a native select). `label` is the selector's accessible name
 * in the language shown now ("Language" in English; it is translated like every other string).
 */
export async function chooseLanguage(page: Page, name: string, label = 'Language') {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: name });
}
