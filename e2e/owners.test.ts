import { readFile } from 'node:fs/promises';
import { uplinkTopic } from '@sunstack/shared';
import { DEMO_FLEET_METADATA } from '@sunstack/simulator';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plant } from '../packages/server/src/db/schema.ts';
import { useSuite } from './support/suite.ts';
import { signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const FIVE_MIN = 300_000;

describe("owners' figures (issue 21)", () => {
  it("shows a plant's earnings, self-sufficiency and expected yield, and exports the plant list", async () => {
    const freiburg = DEMO_FLEET_METADATA[0] as (typeof DEMO_FLEET_METADATA)[number];
    const inverter = freiburg.devices.find((d) => d.type === 'inverter')?.sn as string;
    const { app, database } = suite.server;
    const [row] = await database.db.select({ id: plant.id }).from(plant).where(eq(plant.name, freiburg.name));
    // The last six hours of the inverter's counters: 0.25 kWh of PV, 0.1 exported, 0.09 of load, 0.02 bought per 5 minutes.
    const now = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN;
    const samples = Array.from({ length: 72 }, (_, i) => ({
      ts: now - (71 - i) * FIVE_MIN,
      device: inverter,
      vars: {
        pvPower: 3,
        PVEnergyTotal: 100 + i * 0.25,
        generationTotal: 90 + i * 0.24,
        feedinTotal: 10 + i * 0.1,
        loadsTotal: 50 + i * 0.09,
        gridConsumptionTotal: 20 + i * 0.02,
      },
    }));
    await app.ingest.receive(
      freiburg.dataloggerSn,
      uplinkTopic(freiburg.dataloggerSn, 'telemetry'),
      Buffer.from(JSON.stringify({ seq: 1, samples })),
    );

    const page = await suite.page();
    await signIn(page, 'demo_user', '/bus/index');
    await page.goto(`/bus/plant/detail?id=${row?.id}`);
    const money = page.locator('.ant-card').filter({ hasText: 'Earnings and self-sufficiency' });
    // The demo's German plants are priced in euros: export revenue, savings and the ratios from the same rows as the charts.
    await visible(money.getByText('Export revenue').first());
    await visible(money.getByText(/€/).first());
    await visible(money.getByText('Autarky'));
    await visible(money.getByRole('img', { name: /^Earnings of / }));
    const expected = page.locator('.ant-card').filter({ hasText: 'Expected against actual' });
    await visible(expected.getByText('Performance ratio'));
    await visible(expected.getByRole('img', { name: /^Expected against actual in / }));
    await visible(expected.getByRole('img', { name: /^Forecast of / }));
    await page.locator('canvas').nth(3).waitFor();
    await snap(page, 'owners-plant');

    await page.goto('/bus/plant');
    await visible(page.getByRole('cell', { name: freiburg.name }).first());
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByText('CSV (.csv)').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('plants.csv');
    const text = await readFile(await file.path(), 'utf8');
    expect(text).toContain(freiburg.name);
    expect(text.split('\r\n')[0]).toContain('Time zone');
  });
});
