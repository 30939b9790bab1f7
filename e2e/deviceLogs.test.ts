import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useSimulatedBatteryPlant } from './support/simulatedPlant.ts';
import { useSuite } from './support/suite.ts';
import { chooseOption, signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const { inverter } = useSimulatedBatteryPlant(suite);

describe('device logs (issue 24)', () => {
  it('staff request a test log from the simulated inverter, see it uploaded in the list and download it', async () => {
    const page = await suite.page();
    await signIn(page, 'demo_admin', '/bus/index');
    await page.goto('/bus/relog/test');
    await chooseOption(page.getByRole('combobox', { name: 'Inverter' }), inverter, inverter.slice(0, 8));
    await page.getByRole('button', { name: 'Request log' }).click();

    // The device gets log.upload through the broker and puts its log to the one-time URL; the list asks again every 3 s.
    const row = page.getByRole('row').filter({ hasText: inverter });
    await visible(row.getByText('Uploaded'));
    await snap(page, 'device-log-uploaded');
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${inverter}-test-\\d+\\.log$`));
    const text = await readFile((await download.path()) as string, 'utf8');
    expect(text).toContain(`# test log of ${inverter}`);
  });
});
