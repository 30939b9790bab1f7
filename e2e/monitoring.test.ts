import { uplinkTopic } from '@sunstack/shared';
import { DEMO_FLEET_METADATA } from '@sunstack/simulator';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plant } from '../packages/server/src/db/schema.ts';
import { useSuite } from './support/suite.ts';
import { signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
const FIVE_MIN = 300_000;

describe('monitoring (issue 4)', () => {
  it("shows a plant's power flow and day chart from device data, and a new value arrives without a reload", async () => {
    const freiburg = DEMO_FLEET_METADATA[0] as (typeof DEMO_FLEET_METADATA)[number];
    const inverter = freiburg.devices.find((d) => d.type === 'inverter')?.sn as string;
    const { app, database } = suite.server;
    const [row] = await database.db.select({ id: plant.id }).from(plant).where(eq(plant.name, freiburg.name));
    // The last six hours as a datalogger replays them: 5-minute samples of the inverter's counters and powers.
    const now = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN;
    const samples = Array.from({ length: 72 }, (_, i) => ({
      ts: now - (71 - i) * FIVE_MIN,
      device: inverter,
      vars: { pvPower: 3.21, loadsPower: 1.1, feedinPower: 2.11, PVEnergyTotal: 100 + i * 0.25, loadsTotal: 50 + i * 0.09 },
    }));
    await app.ingest.receive(
      freiburg.dataloggerSn,
      uplinkTopic(freiburg.dataloggerSn, 'telemetry'),
      Buffer.from(JSON.stringify({ seq: 1, samples })),
    );

    const page = await suite.page();
    await signIn(page, 'demo_user', '/bus/index');
    await page.goto(`/bus/plant/detail?id=${row?.id}`);
    const flow = await visible(page.getByRole('img', { name: 'Power flow' }));
    await visible(flow.getByText('3.21 kW'));
    await visible(page.getByRole('img', { name: /^Chart of / }));
    await page.locator('canvas').first().waitFor();
    await snap(page, 'monitoring-plant');

    // A live sample: the server pushes the new flow over the open stream.
    const live = { ts: Date.now(), device: inverter, vars: { pvPower: 4.56, loadsPower: 1.2, feedinPower: 3.36 } };
    await app.ingest.receive(
      freiburg.dataloggerSn,
      uplinkTopic(freiburg.dataloggerSn, 'telemetry'),
      Buffer.from(JSON.stringify({ seq: 2, samples: [live] })),
    );
    await visible(flow.getByText('4.56 kW'));
    expect(await flow.getByText('3.21 kW').count()).toBe(0);
  });

  // Issue 21, defect 1: the plant's day, not the browser's. The browser sits in a zone whose date
  // differs from Freiburg's at this moment (Kiritimati is 13 hours ahead of Berlin, Pago Pago 12
  // behind: one of them always is on another day).
  it("opens a plant's day chart and a device's history on the plant's today, in a browser far from it", async () => {
    const freiburg = DEMO_FLEET_METADATA[0] as (typeof DEMO_FLEET_METADATA)[number];
    const inverter = freiburg.devices.find((d) => d.type === 'inverter')?.sn as string;
    const { database } = suite.server;
    const [row] = await database.db.select({ id: plant.id }).from(plant).where(eq(plant.name, freiburg.name));
    const dateIn = (timeZone: string) => new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short' }).format(Date.now());
    const berlin = dateIn('Europe/Berlin');
    const timezoneId = dateIn('Pacific/Kiritimati') !== berlin ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    expect(dateIn(timezoneId)).not.toBe(berlin);

    const page = await suite.page({ timezoneId });
    await signIn(page, 'demo_user', '/bus/index');
    await page.goto(`/bus/plant/detail?id=${row?.id}`);
    await expect.poll(() => page.getByLabel('Period').first().inputValue()).toBe(berlin);
    await visible(page.getByText('Times in Europe/Berlin').first());

    await page.goto(`/bus/device/inverterDetail?sn=${inverter}`);
    const from = page.getByPlaceholder('Start date');
    await expect.poll(() => from.inputValue()).toBe(`${berlin} 00:00`);
    await visible(page.getByText('Times in Europe/Berlin').first());
    // On a phone both times of the range show whole (issue 21: the seconds were cut off at 390 px).
    await page.setViewportSize({ width: 390, height: 844 });
    const to = page.getByPlaceholder('End date');
    for (const field of [from, to]) await expect.poll(() => field.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
  });
});
