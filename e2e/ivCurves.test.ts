import { datasheetOf } from '@sunstack/simulator';
import { describe, expect, it } from 'vitest';
import { useSimulatedBatteryPlant } from './support/simulatedPlant.ts';
import { useSuite } from './support/suite.ts';
import { chooseLanguage, chooseOption, signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const { plant, inverter } = useSimulatedBatteryPlant(suite);

describe('IV curve diagnosis (issue 24)', () => {
  it("staff configure an inverter's strings, scan its plant, follow the task to each string's diagnosis and open a string's curves", async () => {
    const page = await suite.page();
    await signIn(page, 'demo_admin', '/bus/index');
    await page.goto('/bus/plantMaintain/curve');

    // The simulated inverter's strings and module, as installed.
    const module = datasheetOf(plant.inverters[0]?.strings[0]?.moduleWp as number);
    await page.getByRole('button', { name: 'Configure strings' }).click();
    await chooseOption(page.getByRole('combobox', { name: 'Inverter' }), inverter, inverter.slice(0, 8));
    await visible(page.getByText("This inverter's strings are not configured yet."));
    for (const [label, value] of [
      ['Voc (V)', module.voc],
      ['Isc (A)', module.isc],
      ['Vmp (V)', module.vmp],
      ['Imp (A)', module.imp],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value.toFixed(2));
    }
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('String configuration saved'));

    await page.getByRole('button', { name: 'New scan' }).click();
    await page.getByText('Every inverter of chosen plants').click();
    await chooseOption(page.getByRole('combobox', { name: 'Plants' }), plant.name, plant.name.split(' ')[0] as string);
    await page.getByRole('button', { name: 'Start scan' }).click();
    await page.waitForURL((url) => url.pathname === '/bus/plantMaintain/curveDiagnosis');

    // The device answers the scan through the broker; the collect job stores and diagnoses its strings.
    await visible(page.getByRole('row').filter({ hasText: inverter }).getByText('Diagnosed'));
    const string1 = page.locator('button[aria-label^="String 1:"]');
    await visible(string1);
    await snap(page, 'iv-diagnosis');
    await string1.click();
    await page.waitForURL((url) => url.pathname === '/bus/plantMaintain/curveDetail');
    await visible(page.getByRole('img', { name: 'I-V curve' }));
    await visible(page.getByRole('img', { name: 'P-V curve' }));
    expect(await page.getByRole('row').filter({ hasText: 'Measured' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Record cleaning' }).click();
    await visible(page.getByText('Cleaning recorded'));
    await chooseLanguage(page, 'Deutsch');
    await visible(page.getByText('Seit dem Scan gereinigt'));
    await snap(page, 'iv-detail-de');
  });
});
