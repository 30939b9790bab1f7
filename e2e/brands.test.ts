import { HOME_PATH } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { useSuite } from './support/suite.ts';
import { signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const ANDROID = 'https://play.google.com/store/apps/details?id=example.solarone';

describe('brands (issue 23): the console follows the domain it is served on', () => {
  it('an administrator adds a brand for a domain; that domain shows its name, logo and app link, another the default look', async () => {
    const page = await suite.page();
    await signIn(page, 'demo_admin', HOME_PATH);
    await page.goto('/bus/fileManagement');
    await page.getByRole('tab', { name: 'Brands' }).click();
    await page.getByRole('button', { name: 'Add brand' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('Brand name').fill('SolarOne');
    await drawer.getByLabel('Domain').fill('localhost');
    await drawer.getByLabel('Android app link').fill(ANDROID);
    // A renamed program is refused by its bytes.
    await drawer.getByLabel('iOS app link').fill('not a link');
    const logo = drawer.locator('input[type=file]');
    await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('MZ-a-program') });
    await visible(drawer.locator('.ant-upload-list-item-error'));
    await drawer.locator('.ant-upload-list-item-error .anticon-delete').click();
    await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PIXEL });
    await visible(drawer.locator('.ant-upload-list-item-done'));
    await drawer.getByRole('button', { name: 'Save' }).click();
    await visible(drawer.getByText('Enter a web address starting with http:// or https://.'));
    await drawer.getByLabel('iOS app link').fill('');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await visible(page.locator('.ant-table-row', { hasText: 'SolarOne' }).getByText('localhost'));
    await snap(page, 'brands-1440');

    // The same server reached as localhost (the brand's domain) and as 127.0.0.1 (no brand).
    const branded = suite.server.baseUrl.replace('127.0.0.1', 'localhost');
    const visitor = await suite.page({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`${branded}/login`);
    await visible(visitor.getByText('SolarOne', { exact: true }));
    await expect.poll(() => visitor.locator('img[src^="blob:"]').count()).toBe(1);
    await snap(visitor, 'brand-login-390');
    await visitor.goto(`${branded}/app/v2/download`);
    await visible(visitor.getByRole('heading', { name: 'SolarOne on your phone' }));
    await visible(visitor.getByRole('link', { name: ANDROID }));
    await visitor.goto(`${suite.server.baseUrl}/login`);
    await visible(visitor.getByText('Sunstack', { exact: true }));
    expect(await visitor.getByText('SolarOne').count()).toBe(0);
  });
});
