import { readFile } from 'node:fs/promises';
import { offsetAt, uplinkTopic } from '@sunstack/shared';
import { DEMO_FLEET_METADATA } from '@sunstack/simulator';
import { describe, expect, it } from 'vitest';
import { firstSheetOf } from '../packages/server/src/test/harness.ts';
import { useSuite } from './support/suite.ts';
import { settled, signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const FIVE_MIN = 300_000;

describe('battery view and chart export (issue 4)', () => {
  it('opens a battery from its list, shows it before and after data arrives and as it changes, and exports its history to xlsx', async () => {
    // A plant far from the browser's zone (Europe/Berlin), so the export's times show whose zone they are in.
    const sacramento = DEMO_FLEET_METADATA.find((p) => p.timeZone === 'America/Los_Angeles' && p.batteryCapacityKwh !== null);
    if (!sacramento) throw new Error('the demo fleet has no battery plant in America/Los_Angeles');
    const battery = sacramento.devices.find((d) => d.type === 'battery')?.sn as string;
    const inverter = sacramento.devices.find((d) => d.type === 'inverter')?.sn as string;
    const { app } = suite.server;
    const publish = (seq: number, samples: unknown[]) =>
      app.ingest.receive(
        sacramento.dataloggerSn,
        uplinkTopic(sacramento.dataloggerSn, 'telemetry'),
        Buffer.from(JSON.stringify({ seq, samples })),
      );
    // Before the page opens, so the history's default range (today until the page opened) holds every sample.
    const now = Math.floor(Date.now() / 1000) * 1000;

    const page = await suite.page();
    await signIn(page, 'demo_admin', '/bus/index');
    await page.goto('/bus/device/battery');
    await page.getByText(battery, { exact: true }).click();
    await page.waitForURL((url) => url.search === `?sn=${battery}`);
    // The seeded battery has not reported yet: its fields, and no values.
    await visible(page.getByText('Battery now'));
    await visible(page.getByText('No data yet').first());
    await visible(page.locator('.ant-descriptions-item-content', { hasText: sacramento.name }));
    await snap(page, 'battery-no-data');

    // The last hour as the datalogger sends it: the battery charging at 2.08 kW in the cold, the inverter counting the charge.
    await publish(
      1,
      Array.from({ length: 12 }, (_, i) => [
        {
          ts: now - (11 - i) * FIVE_MIN,
          device: battery,
          vars: { SoC: 50 + i, SOH: 97.5, batVolt: 52, batCurrent: 40, batTemperature: 3.5, ResidualEnergy: 6.75 },
        },
        { ts: now - (11 - i) * FIVE_MIN, device: inverter, vars: { batChargePower: 2.08, chargeEnergyTotal: 100 + i * 0.17 } },
      ]).flat(),
    );
    const gauge = page.getByRole('progressbar', { name: 'SoC' });
    await visible(gauge.getByText('61 %'));
    await visible(page.getByText('Charging', { exact: true }));
    await visible(
      page
        .locator('.ant-statistic')
        .filter({ hasText: /^Power/ })
        .filter({ hasText: '2.08' }),
    );
    await visible(page.getByText(/^Battery temperature low/));
    await visible(page.getByText(/^Counted by the plant's inverter/));
    await page.locator('canvas').first().waitFor();
    await snap(page, 'battery-view');

    // A new sample arrives while the page is open: the stream brings it without a reload.
    await publish(2, [{ ts: now + 1000, device: battery, vars: { SoC: 64.4, batVolt: 51.5, batCurrent: -20, batTemperature: 12 } }]);
    await visible(gauge.getByText('64 %'));
    await visible(page.getByText('Discharging', { exact: true }));
    expect(await page.getByText(/^Battery temperature low/).count()).toBe(0);

    // The history chart (SoC by default) to xlsx: headings, plant-zone times as dates, numbers as numbers.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      settled(page.getByRole('menuitem', { name: 'Excel (.xlsx)' })).then((item) => item.click()),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${battery}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    const sheet = await firstSheetOf(await readFile(await download.path()));
    expect(sheet.getRow(1).values).toEqual([undefined, 'Time (America/Los_Angeles)', 'State of charge (%)']);
    const rows = sheet.getSheetValues().slice(2) as [undefined, Date, number][];
    const fiveMinutesAgo = now - FIVE_MIN;
    const wallClock = new Date(fiveMinutesAgo + offsetAt('America/Los_Angeles', fiveMinutesAgo));
    expect(rows.find((row) => row[1].getTime() === wallClock.getTime())?.[2]).toBe(60);
  });
});
