import { describe, expect, it } from 'vitest';
import { useSimulatedBatteryPlant } from './support/simulatedPlant.ts';
import { useSuite } from './support/suite.ts';
import { signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const { inverter, device: simulated } = useSimulatedBatteryPlant(suite);

describe('remote setting (issue 18)', () => {
  it("an installer opens remote setting from the inverter's detail, changes the minimum SoC, and sees the device confirm it", async () => {
    const device = simulated();
    const page = await suite.page();
    await signIn(page, 'demo_installer', '/bus/index');
    await page.goto(`/bus/device/inverterDetail?sn=${inverter}`);
    await page.getByRole('button', { name: 'Remote setting' }).click();
    await page.waitForURL((url) => url.pathname === '/bus/device/inverter/remoteSetting' && url.search === `?sn=${inverter}`);
    await visible(page.getByText('Connected', { exact: true }));

    // Opening reads the device: its values arrive with the time they were read.
    const minSoc = page.getByLabel('Minimum SoC', { exact: true });
    const onDevice = page.locator('.ant-form-item').filter({ has: minSoc }).locator('.ant-form-item-extra');
    await visible(onDevice.getByText(`On the device: ${device.settings('inverter')?.MinSoc} %`, { exact: false }));
    const target = device.settings('inverter')?.MinSoc === 35 ? 40 : 35;

    // Out of range: refused on the page, nothing sent.
    await minSoc.fill('5');
    await page.getByRole('button', { name: 'Send changes' }).click();
    await visible(page.getByText('SoC must be a whole number from 10 to 100'));

    await minSoc.fill(String(target));
    await page.getByRole('button', { name: 'Send changes' }).click();
    // The device applies it and answers; the screen follows the command to its answer and shows the new value as reported.
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: `Change settings: Minimum SoC ${target} %` });
    await visible(row.getByText('Done', { exact: true }));
    await visible(row.getByText(`Minimum SoC ${target} %`, { exact: true }));
    await visible(onDevice.getByText(`On the device: ${target} %`, { exact: false }));
    await visible(page.getByRole('status').getByText(`Device answer: Minimum SoC ${target} %`));
    expect(device.settings('inverter')?.MinSoc).toBe(target);
    await snap(page, 'remote-setting-confirmed');
  });
});
