import { DEMO_FLEET, DEMO_FLEET_METADATA, SimulatedDatalogger } from '@sunstack/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../packages/server/src/config.ts';
import { type DataLoop, startDataLoop } from '../packages/server/src/dataLoop.ts';
import { datalogger } from '../packages/server/src/db/schema.ts';
import { hashDeviceSecret, newDeviceSecret } from '../packages/server/src/modules/datalogger/secret.ts';
import { useSuite } from './support/suite.ts';
import { signIn, snap, visible } from './support/ui.ts';

const suite = useSuite();
/** A demo plant with a battery in demo_installer's branch: its datalogger is simulated, commands and all. */
const plant = DEMO_FLEET.find((p) => p.name === 'Adelaide hills home');
if (!plant?.battery) throw new Error('the demo fleet has no battery plant "Adelaide hills home"');
const inverter = DEMO_FLEET_METADATA.find((p) => p.name === plant.name)?.devices.find((d) => d.type === 'inverter')?.sn as string;

let loop: DataLoop;
let device: SimulatedDatalogger;
const stopDispatcher = new AbortController();

beforeAll(async () => {
  const { app, database } = suite.server;
  // The ingest role beside the suite's API: an embedded broker, the ingest, and the command dispatcher.
  loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), app.ingest, { info: () => {}, warn: () => {} });
  void app.runCommandDispatcher(loop.publish, stopDispatcher.signal);
  const secret = newDeviceSecret();
  await database.db
    .update(datalogger)
    .set({ secretHash: hashDeviceSecret(secret) })
    .where(eq(datalogger.sn, plant.datalogger.sn));
  device = new SimulatedDatalogger({ url: loop.brokerUrl, plant, secret });
  await device.start();
});
afterAll(async () => {
  await device?.stop();
  stopDispatcher.abort();
  await loop?.close();
});

describe('remote setting (issue 18)', () => {
  it("an installer opens remote setting from the inverter's detail, changes the minimum SoC, and sees the device confirm it", async () => {
    const page = await suite.page();
    await signIn(page, 'demo_installer', '/bus/index');
    await page.goto(`/bus/device/inverterDetail?sn=${inverter}`);
    await page.getByRole('button', { name: 'Remote setting' }).click();
    await page.waitForURL((url) => url.pathname === '/bus/device/inverter/remoteSetting' && url.search === `?sn=${inverter}`);
    await visible(page.getByText('Connected', { exact: true }));

    // Opening reads the device: its values arrive with the time they were read.
    const minSoc = page.getByLabel('Minimum SoC');
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
