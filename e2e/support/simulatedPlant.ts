import { DEMO_FLEET, DEMO_FLEET_METADATA, SimulatedDatalogger } from '@sunstack/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../packages/server/src/config.ts';
import { type DataLoop, startDataLoop } from '../../packages/server/src/dataLoop.ts';
import { datalogger } from '../../packages/server/src/db/schema.ts';
import { hashDeviceSecret, newDeviceSecret } from '../../packages/server/src/modules/datalogger/secret.ts';
import type { Suite } from './suite.ts';

/**
 * The demo's Adelaide hills home (a battery plant in demo_installer's branch) with its datalogger
 * simulated, commands and all, beside the suite's API: an embedded broker, the ingest and the command
 * dispatcher, for the file's tests.
 */
export function useSimulatedBatteryPlant(suite: Suite) {
  const plant = DEMO_FLEET.find((p) => p.name === 'Adelaide hills home');
  if (!plant?.battery) throw new Error('the demo fleet has no battery plant "Adelaide hills home"');
  const inverter = DEMO_FLEET_METADATA.find((p) => p.name === plant.name)?.devices.find((d) => d.type === 'inverter')?.sn as string;
  let loop: DataLoop;
  let device: SimulatedDatalogger;
  const stopDispatcher = new AbortController();

  beforeAll(async () => {
    const { app, database } = suite.server;
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
  return { plant, inverter, device: () => device };
}
