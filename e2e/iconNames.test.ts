import { HOME_PATH, LANGUAGE_NAMES } from '@sunstack/shared';
import { DEMO_FLEET_METADATA } from '@sunstack/simulator';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { plant } from '../packages/server/src/db/schema.ts';
import { readLocale, uiString } from './support/strings.ts';
import { useSuite } from './support/suite.ts';
import { chooseLanguage, DEMO_PASSWORD, snap, visible, waitForPath } from './support/ui.ts';

const suite = useSuite();

/** What screen readers are told of each Ant Design icon on the page: its file name (`anticon-<name>`), role, name and whether it is hidden. */
const iconsOf = (page: Page) =>
  page.locator('.anticon').evaluateAll((icons) =>
    icons.map((icon) => ({
      file: [...icon.classList].find((c) => c.startsWith('anticon-') && c !== 'anticon-spin')?.slice('anticon-'.length) ?? '',
      role: icon.getAttribute('role'),
      label: icon.getAttribute('aria-label'),
      hidden: icon.closest('[aria-hidden="true"]') !== null,
    })),
  );

/**
 * The icons a German screen reader would hear in English: the icon's own file name ("search",
 * "close-circle"), an English name of ours where German has its own, or an image without a name.
 */
async function englishIcons(page: Page): Promise<string[]> {
  const english = Object.values((readLocale('en') as { icon: Record<string, string> }).icon);
  const german = new Set(Object.values((readLocale('de') as { icon: Record<string, string> }).icon));
  const icons = await iconsOf(page);
  expect(icons.length).toBeGreaterThan(0);
  return icons
    .filter((icon) => !icon.hidden)
    .filter((icon) => icon.label === null || icon.label === icon.file || (english.includes(icon.label) && !german.has(icon.label)))
    .map((icon) => `${icon.file}: role ${icon.role}, name ${JSON.stringify(icon.label)}`);
}

describe('icon names (issue 21, defect 8)', () => {
  it('names no icon in English on German pages: home, plant list, plant detail, inverter', async () => {
    const freiburg = DEMO_FLEET_METADATA[0] as (typeof DEMO_FLEET_METADATA)[number];
    const inverter = freiburg.devices.find((d) => d.type === 'inverter')?.sn as string;
    const [row] = await suite.server.database.db.select({ id: plant.id }).from(plant).where(eq(plant.name, freiburg.name));

    const page = await suite.page();
    await page.goto('/login');
    await chooseLanguage(page, LANGUAGE_NAMES.de, uiString('en', 'header.language'));
    await visible(page.getByRole('button', { name: uiString('de', 'auth.signIn'), exact: true }));
    // The sign-in form: the password field's show/hide icon.
    expect(await englishIcons(page)).toEqual([]);
    await page.getByLabel(uiString('de', 'auth.user')).fill('demo_admin');
    await page.getByLabel(uiString('de', 'auth.password'), { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: uiString('de', 'auth.signIn'), exact: true }).click();
    await waitForPath(page, HOME_PATH);
    await visible(page.getByRole('heading', { name: /Willkommen/ }));
    expect(await englishIcons(page)).toEqual([]);

    // A list: search, pagination arrows, the tab bar's close and menu buttons.
    await page.goto('/bus/plant');
    await visible(page.locator('.ant-pagination-next'));
    await visible(page.locator('tbody tr.ant-table-row').first());
    expect(await englishIcons(page)).toEqual([]);

    await page.goto(`/bus/plant/detail?id=${row?.id}`);
    await page.locator('canvas').first().waitFor();
    expect(await englishIcons(page)).toEqual([]);

    await page.goto(`/bus/device/inverterDetail?sn=${inverter}`);
    await visible(page.getByText(inverter).first());
    await snap(page, 'icon-names-de-inverter');
    expect(await englishIcons(page)).toEqual([]);
  });
});
