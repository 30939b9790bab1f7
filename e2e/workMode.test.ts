import { describe, expect, it } from 'vitest';
import { useSimulatedBatteryPlant } from './support/simulatedPlant.ts';
import { useSuite } from './support/suite.ts';
import { chooseOption, signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const { inverter, device: simulated } = useSimulatedBatteryPlant(suite);

describe('work mode (issue 18)', () => {
  it("an installer sets a force-charge period on the work mode screen from the inverter's detail and sees the device confirm it", async () => {
    const device = simulated();
    const page = await suite.page();
    await signIn(page, 'demo_installer', '/bus/index');
    await page.goto(`/bus/device/inverterDetail?sn=${inverter}`);
    await page.getByRole('button', { name: 'Work mode' }).click();
    await page.waitForURL((url) => url.pathname === '/bus/work/model' && url.search === `?sn=${inverter}`);
    await visible(page.getByText('Connected', { exact: true }));
    // Opening reads the device; the timeline is the plant's day.
    await visible(page.getByText('What runs when (times in Australia/Adelaide)'));
    await visible(page.getByText('On the device: Work mode', { exact: false }));

    await chooseOption(page.getByLabel('Work mode', { exact: true }), 'By time periods');
    await page.getByRole('button', { name: 'Add time period' }).click();
    const period = page.getByRole('group', { name: 'Time period 1' });
    await period.getByLabel('From').fill('02:00');
    await period.getByLabel('Until').fill('02:10');
    await period.getByLabel('Power').fill('2500');
    await page.getByRole('button', { name: 'Send to device' }).click();
    // Too short: refused on the page, nothing sent.
    await visible(page.getByText('A period lasts at least 30 minutes'));
    await period.getByLabel('Until').fill('05:00');
    await visible(page.getByRole('img', { name: '02:00–05:00 Force charge' }));
    await page.getByRole('button', { name: 'Send to device' }).click();

    // The device applies it and answers; the screen follows the command to the answer.
    const status = page.getByRole('status');
    await visible(status.getByText('Done', { exact: true }));
    await visible(status.getByText('Device answer: Work mode By time periods', { exact: false }));
    expect(device.settings('inverter')?.WorkMode).toBe('TimePeriods');
    expect(device.settings('inverter')?.SchedulePeriods).toEqual([
      {
        start: '02:00',
        end: '05:00',
        mode: 'ForceCharge',
        minSocOnGrid: device.settings('inverter')?.MinSoc,
        fdSoc: device.settings('inverter')?.MinSoc,
        fdPwr: 2500,
        maxSoc: 100,
      },
    ]);
    await snap(page, 'work-mode-confirmed');
  });
});
