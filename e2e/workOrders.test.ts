import { describe, expect, it } from 'vitest';
import { expectedLanding } from './support/landing.ts';
import { useSuite } from './support/suite.ts';
import { signIn, snap, visible, waitForPath } from './support/ui.ts';

const suite = useSuite();
/** A 1-pixel PNG: what a phone's photo is to the upload (its bytes say PNG). */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Picks the first option of an Ant Design select by its label. */
async function pickFirst(page: Awaited<ReturnType<typeof suite.page>>, label: string) {
  await page.getByLabel(label, { exact: true }).click();
  // The options come from the server: Enter before they arrive picks nothing, and the form then refuses to submit.
  await page.locator('.ant-select-dropdown .ant-select-item-option:visible').first().waitFor();
  await page.keyboard.press('Enter');
}

describe('work orders (issue 23)', () => {
  it('an owner files an order with a photo; its installer answers and takes it on; the owner follows it', async () => {
    const owner = await suite.page();
    await signIn(owner, 'demo_user', expectedLanding(1));
    await owner.goto('/bus/workOrder/create');
    await pickFirst(owner, 'Plant');
    await pickFirst(owner, 'Question category');
    await pickFirst(owner, 'Product type');
    await owner.getByLabel('Title').fill('Inverter stops every hour');
    await owner.getByLabel('Description').fill('Since Monday it shuts down around noon.');
    await owner.getByLabel('Contact name').fill('Anna Weber');
    await owner.getByLabel('Contact phone').fill('+49 170 1234567');
    await owner.locator('input[type=file]').setInputFiles({ name: 'roof.png', mimeType: 'image/png', buffer: PIXEL });
    await visible(owner.locator('.ant-upload-list-item-done'));
    // A renamed program is refused by its bytes, whatever its name says.
    await owner
      .locator('input[type=file]')
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('MZ-not-a-photo') });
    await visible(owner.locator('.ant-upload-list-item-error'));
    await owner.locator('.ant-upload-list-item-error').hover();
    await visible(owner.getByText('Upload only jpg, png or jpeg.'));
    await owner.locator('.ant-upload-list-item-error .anticon-delete').click();
    await owner.getByRole('button', { name: 'Submit', exact: true }).click();
    await waitForPath(owner, '/bus/workOrder/detail');
    const id = new URL(owner.url()).searchParams.get('id');
    await visible(owner.getByText('demo_user submitted the work order'));
    await visible(owner.getByRole('img', { name: 'Photo 1 of the work order' }));
    await snap(owner, 'work-order-filed');

    const installer = await suite.page();
    await signIn(installer, 'demo_installer', expectedLanding(2));
    await installer.goto('/bus/workOrder/list');
    await installer.locator('.ant-table-row').getByText('Inverter stops every hour').first().click();
    await waitForPath(installer, '/bus/workOrder/detail');
    expect(new URL(installer.url()).searchParams.get('id')).toBe(id);
    await installer.getByLabel('Reply', { exact: true }).fill('We come on Thursday.');
    await installer.getByRole('button', { name: 'Send reply' }).click();
    await visible(installer.getByText('We come on Thursday.'));
    await pickFirst(installer, 'Change status');
    await installer.getByRole('button', { name: 'Change status' }).click();
    await visible(installer.getByText('demo_installer changed the status from Open to Processing'));
    await snap(installer, 'work-order-handled');

    await owner.goto('/bus/workOrder/list');
    const row = owner.locator('.ant-table-row', { hasText: 'Inverter stops every hour' }).first();
    await visible(row.getByText('Processing'));
  });
});
