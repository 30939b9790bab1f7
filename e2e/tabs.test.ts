import { Access, canAccess, HOME_PATH } from '@sunstack/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
// The screens that exist (the web app's own list; it imports nothing but shared).
import { BUILT_APP_ROUTES } from '../packages/web/src/lib/screens.ts';
import { useSuite } from './support/suite.ts';
import { settled, signIn, snap, submitSignIn, tabBar, visible, waitForPath } from './support/ui.ts';

const suite = useSuite();

/** The titles of the open tabs, in order (each entry's first button is the tab itself). */
const tabNames = (page: Page) => tabBar(page).getByRole('listitem').locator('button:first-child').allTextContents();
const selectedTab = (page: Page) => tabBar(page).locator('[aria-current="page"]').textContent();

/** Opens `path` in a new tab the way a link does, without reloading the page (react-router follows popstate). */
async function openInApp(page: Page, path: string) {
  const before = (await tabNames(page)).length;
  await page.evaluate((target) => {
    history.pushState({}, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await waitForPath(page, path);
  await expect.poll(async () => (await tabNames(page)).length).toBe(before + 1);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A tab's entry by its title (its button's name also says "loading" while the screen loads). */
const tabEntry = (page: Page, title: string) =>
  tabBar(page)
    .getByRole('listitem')
    .filter({ has: page.locator('button:first-child', { hasText: new RegExp(`^${escaped(title)}$`) }) });

/** Whether the tab's entry lies wholly inside the visible part of the strip. */
async function inView(page: Page, title: string) {
  const strip = await tabBar(page).getByRole('list').boundingBox();
  const entry = await tabEntry(page, title).boundingBox();
  if (!strip || !entry) return false;
  return entry.x >= strip.x - 1 && entry.x + entry.width <= strip.x + strip.width + 1;
}

/** 15 screens the administrator reaches from the menu, each in a tab of its own: 16 tabs with Home. */
const SCREENS = BUILT_APP_ROUTES.filter((route) => !route.hidden && route.name !== 'index' && canAccess(route, Access.admin)).slice(0, 15);

describe('many tabs (issue 21, defect 6)', () => {
  it('scroll to the active tab, list the tabs out of view in a menu, and come back after a reload', async () => {
    expect(SCREENS).toHaveLength(15);
    const page = await suite.page({ viewport: { width: 1440, height: 900 } });
    await signIn(page, 'demo_admin', HOME_PATH);
    await visible(page.getByRole('heading', { name: 'Welcome, Demo Admin' }));
    for (const route of SCREENS) await openInApp(page, route.path);
    expect(await tabNames(page)).toHaveLength(16);
    const names = await tabNames(page);
    const last = names.at(-1) as string;
    expect(await selectedTab(page)).toBe(last);

    // The strip is wider than its box: the newest tab, in front, is scrolled into view.
    await expect.poll(() => inView(page, last)).toBe(true);
    expect(await inView(page, 'Home')).toBe(false);
    await snap(page, 'tabs-many-1440');

    // The tabs out of view are in a menu; choosing one brings it to the front and into view.
    const more = tabBar(page).getByRole('button', { name: /^Tabs out of view: \d+$/ });
    await more.click();
    const menu = page.locator('.ant-dropdown:visible').getByRole('menu');
    // The menu can show before its items (CI read it empty twice in session 32): wait for them.
    await visible(menu);
    await expect.poll(() => menu.getByRole('menuitem').allTextContents()).toContain('Home');
    const hidden = await menu.getByRole('menuitem').allTextContents();
    expect(hidden).not.toContain(last);
    const second = names[1] as string;
    await (await settled(menu.getByRole('menuitem', { name: second, exact: true }))).click();
    await waitForPath(page, SCREENS[0]?.path as string);
    expect(await selectedTab(page)).toBe(second);
    await expect.poll(() => inView(page, second)).toBe(true);

    // A reload keeps every tab, in order, and the one in front.
    await page.reload();
    await waitForPath(page, SCREENS[0]?.path as string);
    await expect.poll(() => tabNames(page)).toEqual(names);
    expect(await selectedTab(page)).toBe(second);
    await expect.poll(() => inView(page, second)).toBe(true);

    // A restored tab shows its screen when chosen.
    await tabEntry(page, 'Home').getByRole('button').click();
    await waitForPath(page, HOME_PATH);
    await visible(page.getByRole('heading', { name: 'Welcome, Demo Admin' }));
  });

  it('are kept per account: another account signing in on the same browser starts with Home only', async () => {
    const page = await suite.page({ viewport: { width: 1440, height: 900 } });
    await signIn(page, 'demo_admin', HOME_PATH);
    await visible(page.getByRole('heading', { name: 'Welcome, Demo Admin' }));
    await openInApp(page, '/user/center');
    await expect.poll(() => tabNames(page)).toEqual(['Home', 'User center']);

    // Another account in the same browser (the sign-in page ends the first session).
    await submitSignIn(page, 'demo_user', 'demo1234');
    await waitForPath(page, HOME_PATH);
    await visible(page.getByRole('heading', { name: 'Welcome, Demo User' }));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Welcome, Demo User' }));
    expect(await tabNames(page)).toEqual(['Home']);

    // The first account gets its tabs back.
    await submitSignIn(page, 'demo_admin', 'demo1234');
    await waitForPath(page, HOME_PATH);
    await expect.poll(() => tabNames(page)).toEqual(['Home', 'User center']);
  });

  it('fit a phone: the strip scrolls to the tab in front', async () => {
    const page = await suite.page({ viewport: { width: 390, height: 844 } });
    await signIn(page, 'demo_admin', HOME_PATH);
    await visible(page.getByRole('heading', { name: 'Welcome, Demo Admin' }));
    for (const route of SCREENS.slice(0, 6)) await openInApp(page, route.path);
    const last = (await tabNames(page)).at(-1) as string;
    await expect.poll(() => inView(page, last)).toBe(true);
    await visible(tabBar(page).getByRole('button', { name: /^Tabs out of view: \d+$/ }));
    await snap(page, 'tabs-many-390');
  });
});
