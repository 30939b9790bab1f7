import { HOME_PATH } from '@sunstack/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSuite } from './support/suite.ts';
import { settled, sideMenu, signIn, snap, tabBar, tabButton, visible, waitForPath } from './support/ui.ts';

const suite = useSuite();
const PHONE = { width: 390, height: 844 };

/** The titles of the open tabs, in order (each entry's first button is the tab itself). */
const tabNames = (page: Page) => tabBar(page).getByRole('listitem').locator('button:first-child').allTextContents();
const selectedTab = (page: Page) => tabBar(page).locator('[aria-current="page"]').textContent();

describe('tabs', () => {
  it('opens the user center in a second tab, keeps its form alive behind the Home tab, and closes tabs', async () => {
    const page = await suite.page();
    await signIn(page, 'demo_admin', HOME_PATH);
    const welcome = page.getByRole('heading', { name: 'Welcome, Demo Admin' });
    await visible(welcome);
    expect(await tabNames(page)).toEqual(['Home']);

    // The side menu opens the user center in a tab of its own, in front.
    await sideMenu(page).getByRole('menuitem', { name: 'User center' }).click();
    await waitForPath(page, '/user/center');
    await visible(tabButton(page, 'User center'));
    expect(await tabNames(page)).toEqual(['Home', 'User center']);
    expect(await selectedTab(page)).toBe('User center');

    // Type into a profile field (once the profile has loaded, or loading would overwrite it).
    const city = page.getByLabel('City', { exact: true });
    await expect.poll(() => city.inputValue()).toBe('Freiburg');
    await city.fill('Keep-alive Town');
    await snap(page, 'tabs-user-center');

    // The Home tab: home content in front, the user center kept (mounted, hidden) behind it.
    await tabButton(page, 'Home').click();
    await waitForPath(page, HOME_PATH);
    await visible(welcome);
    expect(await selectedTab(page)).toBe('Home');
    expect(await city.isVisible()).toBe(false);
    expect(await city.count()).toBe(1);
    await snap(page, 'tabs-home-in-front');

    // Back to the user center: what was typed is still there (keep-alive).
    await tabButton(page, 'User center').click();
    await waitForPath(page, '/user/center');
    await visible(city);
    expect(await city.inputValue()).toBe('Keep-alive Town');

    // Its close icon closes the tab (Home, not closable, has none) and shows Home again.
    await tabBar(page).getByRole('button', { name: 'Close User center' }).click();
    await waitForPath(page, HOME_PATH);
    await expect.poll(() => tabNames(page)).toEqual(['Home']);
    await visible(welcome);
    expect(await city.count()).toBe(0);

    // Opened again, the screen starts afresh: the closed tab's input is gone.
    await sideMenu(page).getByRole('menuitem', { name: 'User center' }).click();
    await waitForPath(page, '/user/center');
    await expect.poll(() => city.inputValue()).toBe('Freiburg');

    // Tab actions -> Close all tabs leaves only Home, in front.
    await page.getByRole('button', { name: 'Tab actions' }).click();
    await (await settled(page.getByRole('menuitem', { name: 'Close all tabs' }))).click();
    await waitForPath(page, HOME_PATH);
    await expect.poll(() => tabNames(page)).toEqual(['Home']);
    expect(await selectedTab(page)).toBe('Home');
    await visible(welcome);
    await snap(page, 'tabs-closed-all');
  });

  // The router renders a new address in a transition: a tab clicked before that render once acted on the tabs of
  // before (CI lost a Home click, so the user center stayed in front).
  it('keeps up with a click the moment the address changes', async () => {
    const page = await suite.page();
    await signIn(page, 'demo_admin', HOME_PATH);
    await visible(sideMenu(page).getByRole('menuitem', { name: 'User center' }));
    // Chooses `menuItem` in the side menu, then clicks the tab bar's button `tabButton` the moment the address is
    // `path`: in the page, so nothing runs between the two.
    const clickOnceAddressIs = (labels: { menuItem: string; path: string; tabButton: string }) =>
      page.evaluate(async ({ menuItem, path, tabButton }) => {
        const named = (selector: string, name: string) =>
          [...document.querySelectorAll<HTMLElement>(selector)].find(
            (element) => element.textContent === name || element.getAttribute('aria-label') === name,
          ) as HTMLElement;
        named('aside [role=menuitem]', menuItem).click();
        // Microtasks first: the router moves the address in one, before React renders in a task of its own.
        for (let i = 0; i < 100_000 && location.pathname !== path; i++) await Promise.resolve();
        while (location.pathname !== path) await new Promise((resolve) => setTimeout(resolve, 0));
        named('nav li button', tabButton).click();
      }, labels);

    await clickOnceAddressIs({ menuItem: 'User center', path: '/user/center', tabButton: 'Home' });
    await waitForPath(page, HOME_PATH);
    await expect.poll(() => selectedTab(page)).toBe('Home');
    expect(await tabNames(page)).toEqual(['Home', 'User center']);

    await clickOnceAddressIs({ menuItem: 'User center', path: '/user/center', tabButton: 'Close User center' });
    await waitForPath(page, HOME_PATH);
    await expect.poll(() => tabNames(page)).toEqual(['Home']);
    await visible(page.getByRole('heading', { name: 'Welcome, Demo Admin' }));
  });
});

describe('phone width (390x844)', () => {
  const toggle = (page: Page) => page.getByRole('button', { name: 'Show or hide the menu' });
  /** The menu drawer: on narrow screens the side menu lives in a dialog. */
  const drawerMenu = (page: Page) => page.getByRole('dialog').getByRole('menu');

  it('lands on a usable home page: content shown, menu drawer closed, menu toggle reachable', async () => {
    const page = await suite.page({ viewport: PHONE });
    await signIn(page, 'demo_user', HOME_PATH);
    await visible(page.getByRole('heading', { name: 'Welcome, Demo User' }));
    await visible(toggle(page));
    await snap(page, 'phone-home');
    // A drawer that opens by itself covers the home page and the toggle (its mask takes the clicks).
    const drawerOpenedItself = await drawerMenu(page)
      .waitFor({ state: 'visible', timeout: 1_500 })
      .then(() => true)
      .catch(() => false);
    expect(drawerOpenedItself, 'the menu drawer opened by itself over the home page after signing in on a phone').toBe(false);
    await toggle(page).click({ trial: true, timeout: 3_000 });
  });

  it('the menu toggle opens the menu drawer, and choosing a screen there closes it', async () => {
    const page = await suite.page({ viewport: PHONE });
    await signIn(page, 'demo_user', HOME_PATH);
    await visible(page.getByRole('heading', { name: 'Welcome, Demo User' }));
    // Start from a closed drawer whatever the landing did (the previous test checks the landing).
    if (await drawerMenu(page).isVisible()) {
      await page.keyboard.press('Escape');
      await drawerMenu(page).waitFor({ state: 'hidden' });
    }

    await toggle(page).click();
    const menu = await visible(drawerMenu(page));
    await visible(menu.getByRole('menuitem', { name: 'Home' }));
    await visible(menu.getByRole('menuitem', { name: 'User center' }));
    await snap(page, 'phone-menu-drawer');

    await menu.getByRole('menuitem', { name: 'User center' }).click();
    await waitForPath(page, '/user/center');
    await drawerMenu(page).waitFor({ state: 'hidden' });
    await visible(page.getByLabel('City', { exact: true }));
    await snap(page, 'phone-user-center');
  });
});
