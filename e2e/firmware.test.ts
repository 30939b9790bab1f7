import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { datalogger } from '../packages/server/src/db/schema.ts';
import { useSimulatedBatteryPlant } from './support/simulatedPlant.ts';
import { useSuite } from './support/suite.ts';
import { chooseOption, settled, signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const { plant, inverter, device: simulated } = useSimulatedBatteryPlant(suite);
const WAIT = { timeout: 40_000 };

/** A raw image of `size` bytes (leading zeros: it sniffs as no known file type). */
function image(size: number) {
  const bytes = randomBytes(size);
  bytes.fill(0, 0, 16);
  return bytes;
}

describe('firmware and over-the-air upgrades (issue 20)', () => {
  it('an administrator imports an image in slices, publishes it, upgrades an inverter and follows it to the new version', async () => {
    const page = await suite.page();
    await signIn(page, 'demo_admin', '/bus/index');
    await page.goto('/bus/version/firmware');
    await visible(page.getByText('No firmware yet'));

    await page.getByRole('button', { name: 'Import firmware' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import firmware' });
    // A wrong extension is refused before a byte is read.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await visible(dialog.getByText('Only .hex or .bin files can be uploaded.'));
    // 5 MB: three slices of 2 MB, hashed in the browser, then sent.
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'H1-master-1.50.bin', mimeType: 'application/octet-stream', buffer: image(5 * 1024 * 1024) });
    await visible(dialog.getByText('File received (3 slices). Fill in the fields and add it.'));
    await dialog.getByLabel('Name').fill('H1 master 1.50');
    await dialog.getByLabel('Version').fill('1.50');
    await dialog.getByLabel('Firmware code').fill('MASTER15');
    await dialog.getByLabel('Product series').fill('H1');
    await dialog.getByRole('button', { name: 'Add to library' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: 'H1 master 1.50' });
    await visible(row.getByText('Not published'));
    await row.getByRole('button', { name: 'Publish' }).click();
    await (await settled(page.locator('.ant-popconfirm').getByRole('button', { name: 'Publish' }))).click();
    await visible(row.getByText('Published', { exact: true }));
    await snap(page, 'firmware-library');

    await page.goto('/bus/version/inverterUpgrade');
    await visible(page.getByText('No upgrade tasks yet'));
    await page.getByRole('button', { name: 'New upgrade task' }).click();
    const create = page.getByRole('dialog', { name: 'New upgrade task' });
    await create.getByLabel('Task name').fill('Adelaide to 1.50');
    await chooseOption(create.getByLabel('Firmware'), 'H1 master 1.50');
    await create.getByLabel('Device SNs').fill(`${inverter}\nNO-SUCH-SN`);
    await create.getByRole('button', { name: 'Start upgrade' }).click();
    await visible(create.getByText('Sent to 1 devices; 0 skipped.'));
    await visible(create.getByText('Not found, or not yours to upgrade: NO-SUCH-SN'));
    await create.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Adelaide to 1.50' }).click();
    const drawer = page.locator('.ant-drawer-open');
    const deviceRow = drawer.locator('tbody tr.ant-table-row').filter({ hasText: inverter });
    await visible(deviceRow.getByText('1.42'));
    // The simulated device downloads, verifies, restarts with the new version; the drawer follows it live.
    await deviceRow.getByText('Completed', { exact: true }).waitFor(WAIT);
    await snap(page, 'upgrade-task-done');
    expect(
      simulated()
        .devices()
        .find((device) => device.sn === inverter)?.fw.master,
    ).toBe('1.50');
    // Its inventory after the restart: the inverter's page shows the new version.
    await page.goto(`/bus/device/inverterDetail?sn=${inverter}`);
    await visible(page.getByText(/Master 1\.50/));
  });

  it("upgrades a datalogger's own firmware (module upgrade): it restarts and reports the new version", async () => {
    const page = await suite.page();
    await signIn(page, 'demo_admin', '/bus/index');
    await page.goto('/bus/version/firmware');
    await page.getByRole('button', { name: 'Import firmware' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import firmware' });
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'logger-3.10.bin', mimeType: 'application/octet-stream', buffer: image(100 * 1024) });
    await visible(dialog.getByText(/File received/));
    await dialog.getByLabel('Name').fill('Logger module 3.10');
    await dialog.getByLabel('Version').fill('3.10');
    await dialog.getByLabel('Firmware code').fill('LOGGER31');
    await dialog.getByLabel('Product series').fill('DL');
    await chooseOption(dialog.getByLabel('Device type'), 'Datalogger module');
    await dialog.getByRole('button', { name: 'Add to library' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: 'Logger module 3.10' });
    await row.getByRole('button', { name: 'Publish' }).click();
    await (await settled(page.locator('.ant-popconfirm').getByRole('button', { name: 'Publish' }))).click();
    await visible(row.getByText('Published', { exact: true }));

    await page.goto('/bus/version/moduleUpgrade');
    await page.getByRole('button', { name: 'New upgrade task' }).click();
    const create = page.getByRole('dialog', { name: 'New upgrade task' });
    await create.getByLabel('Task name').fill('Logger to 3.10');
    await chooseOption(create.getByLabel('Firmware'), 'Logger module 3.10');
    await create.getByLabel('Datalogger SNs').fill(plant.datalogger.sn);
    await create.getByRole('button', { name: 'Start upgrade' }).click();
    await visible(create.getByText('Sent to 1 devices; 0 skipped.'));
    await create.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Logger to 3.10' }).click();
    const deviceRow = page.locator('.ant-drawer-open tbody tr.ant-table-row').filter({ hasText: plant.datalogger.sn });
    await deviceRow.getByText('Completed', { exact: true }).waitFor(WAIT);
    // The datalogger restarted and said its new version in its status.
    const firmwareOf = async () =>
      (
        await suite.server.database.db
          .select({ firmware: datalogger.firmware })
          .from(datalogger)
          .where(eq(datalogger.sn, plant.datalogger.sn))
      )[0]?.firmware;
    await expect.poll(firmwareOf, WAIT).toBe('3.10');
  });
});
