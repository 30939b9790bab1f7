import { HOME_PATH, LANGUAGE_NAMES } from '@sunstack/shared';
import { describe, it } from 'vitest';
import { uiString } from './support/strings.ts';
import { useSuite } from './support/suite.ts';
import { chooseLanguage, settled, signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 'x')]);

describe('service desk (issue 23): document management and account migration', () => {
  it('an administrator creates a manual with a cover and a PDF, publishes it, and the manual page lists it', async () => {
    const page = await suite.page();
    await signIn(page, 'demo_admin', HOME_PATH);
    await page.goto('/bus/documentManagement');
    await page.getByRole('button', { name: 'New document' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('Manufacturer').fill('Sunstack');
    await drawer.getByLabel('Language', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('English', { exact: true }).click();
    await drawer.getByLabel('Document type').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Datasheet', { exact: true }).click();
    await drawer.getByLabel('Name', { exact: true }).fill('Hybrid inverter H3 datasheet');
    await drawer.locator('input[type=file][accept*=png]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PIXEL });
    // A renamed program is refused by its bytes; the PDF is taken.
    const pdfInput = drawer.locator('input[type=file][accept*=pdf]');
    await pdfInput.setInputFiles({ name: 'setup.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ-a-program') });
    await visible(drawer.locator('.ant-upload-list-item-error'));
    await drawer.locator('.ant-upload-list-item-error .anticon-delete').click();
    await pdfInput.setInputFiles({ name: 'h3-datasheet.pdf', mimeType: 'application/pdf', buffer: PDF });
    await visible(drawer.locator('.ant-upload-list-text .ant-upload-list-item-done'));
    await visible(drawer.locator('.ant-upload-list-picture-card .ant-upload-list-item-done'));
    await snap(page, 'document-form-1440');
    await drawer.getByRole('button', { name: 'Save' }).click();
    const row = page.locator('.ant-table-row', { hasText: 'Hybrid inverter H3 datasheet' });
    await visible(row.getByText('Not published'));
    await row.getByRole('button', { name: 'Publish' }).click();
    await visible(row.getByText('Published', { exact: true }));
    await snap(page, 'document-management-1440');

    await page.goto('/manual/download');
    await visible(page.getByText('Hybrid inverter H3 datasheet'));
  });

  it('in German on a phone', async () => {
    const page = await suite.page({ viewport: { width: 390, height: 844 } });
    await signIn(page, 'demo_admin', HOME_PATH);
    await chooseLanguage(page, LANGUAGE_NAMES.de, uiString('en', 'header.language'));
    await visible(page.getByRole('heading', { name: 'Willkommen, Demo Admin' }));
    await page.goto('/bus/documentManagement');
    await visible(page.getByRole('button', { name: uiString('de', 'document.create') }));
    await visible(page.getByText(uiString('de', 'document.empty')).or(page.locator('.ant-table-row').first()));
    await snap(page, 'document-management-390-de');
    await page.getByRole('button', { name: uiString('de', 'document.create') }).click();
    await visible(page.locator('.ant-drawer').getByLabel(uiString('de', 'document.manufacturer')));
    await page
      .locator('.ant-drawer-content-wrapper')
      .evaluate((drawer) => Promise.all(drawer.getAnimations().map((motion) => motion.finished)));
    await snap(page, 'document-form-390-de');
  });

  it("an administrator moves demo_user2's plants to demo_user with the mailed code typed twice", async () => {
    const page = await suite.page();
    await signIn(page, 'demo_admin', HOME_PATH);
    await page.goto('/bus/afterSaleMag/accountMigration');
    await page.getByLabel('Source account', { exact: true }).fill('demo_user2');
    await page.getByLabel('Target account', { exact: true }).fill('demo_user');
    await page.getByRole('button', { name: 'Send migration code' }).click();
    await visible(page.getByText(/The code went to d\*\*\*@/));
    const mail = await suite.server.mail.waitFor('demo_user@demo.sunstack.local');
    const code = (mail.text.match(/\b(\d{6})\b/) as RegExpMatchArray)[1] as string;
    await page.getByLabel('Migration code', { exact: true }).fill(code);
    await page.getByLabel('Migration code again').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Migrate plants' }).click();
    await (await settled(page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }))).click();
    await visible(page.getByText('The entered codes are inconsistent.'));
    await snap(page, 'account-migration-inconsistent-1440');
    await page.getByLabel('Migration code again').fill(code);
    await page.getByRole('button', { name: 'Migrate plants' }).click();
    await (await settled(page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }))).click();
    const row = page.locator('.ant-table-row', { hasText: 'demo_user2' });
    await visible(row.getByText('demo_admin'));
    await snap(page, 'account-migration-1440');

    const phone = await suite.page({ viewport: { width: 390, height: 844 } });
    await signIn(phone, 'demo_admin', HOME_PATH);
    await chooseLanguage(phone, LANGUAGE_NAMES.de, uiString('en', 'header.language'));
    await visible(phone.getByRole('heading', { name: 'Willkommen, Demo Admin' }));
    await phone.goto('/bus/afterSaleMag/accountMigration');
    await visible(phone.locator('.ant-table-row', { hasText: 'demo_user2' }));
    await snap(phone, 'account-migration-390-de');
  });
});
