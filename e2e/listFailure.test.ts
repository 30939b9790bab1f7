import { HOME_PATH, LANGUAGE_NAMES } from '@sunstack/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uiString } from './support/strings.ts';
import { useSuite } from './support/suite.ts';
import { chooseLanguage, signIn, snap, visible, waitForPath } from './support/ui.ts';

const suite = useSuite();
const PLANT_LIST_CALL = '**/c/v0/plant/list';

/** Every plant list call fails as an unplugged network would; answers what lets them through again. */
async function cutPlantList(page: Page) {
  await page.route(PLANT_LIST_CALL, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(PLANT_LIST_CALL);
}

describe('a list whose data cannot be loaded (issue 21, defect 7)', () => {
  it('says so in place of the rows with a retry, in one toast, and loads on retry', async () => {
    const page = await suite.page({ viewport: { width: 1440, height: 900 } });
    await signIn(page, 'demo_admin', HOME_PATH);
    await visible(page.getByRole('heading', { name: 'Welcome, Demo Admin' }));
    const reconnect = await cutPlantList(page);
    await page.goto('/bus/plant');
    await waitForPath(page, '/bus/plant');

    const table = page.locator('.ant-table');
    await visible(table.getByText(uiString('en', 'loadFailure.title')));
    await visible(table.getByText(uiString('en', 'common.networkError')));
    expect(await table.getByText('No data').count()).toBe(0);
    // The query client tried twice; the toast says it once.
    const toasts = page.locator('.ant-message-notice').filter({ hasText: uiString('en', 'common.networkError') });
    expect(await toasts.count()).toBe(1);
    await snap(page, 'list-failure-1440-en');

    await reconnect();
    await table.getByRole('button', { name: uiString('en', 'loadFailure.retry') }).click();
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(10);
    expect(await table.getByText(uiString('en', 'loadFailure.title')).count()).toBe(0);
  });

  it('in German on a phone', async () => {
    const page = await suite.page({ viewport: { width: 390, height: 844 } });
    await signIn(page, 'demo_admin', HOME_PATH);
    await chooseLanguage(page, LANGUAGE_NAMES.de, uiString('en', 'header.language'));
    await visible(page.getByRole('heading', { name: 'Willkommen, Demo Admin' }));
    await cutPlantList(page);
    await page.goto('/bus/plant');
    const table = page.locator('.ant-table');
    await visible(table.getByText(uiString('de', 'loadFailure.title')));
    await visible(table.getByRole('button', { name: uiString('de', 'loadFailure.retry') }));
    await snap(page, 'list-failure-390-de');
  });
});
