import { inventoryPayload, statusPayload, telemetryPayload } from '@sunstack/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { devicesOf, type PlantDefinition } from '../plant/definition.ts';
import { Cleanups, inverterSamples, Observer, startTestDatalogger, TEST_BROKER } from '../test/observer.ts';
import { SimulatedDatalogger } from './datalogger.ts';
import { memoryStateStore, type StateStore } from './stateStore.ts';

/** Against the machine's Mosquitto; every test has its own random SNs. Intervals are 0.2 s to keep it quick. */

const cleanups = new Cleanups();
afterEach(() => cleanups.run());

/** A datalogger with a saved state, after command `id` set its inverter's MinSoc to `minSoc`. */
async function startWithMinSoc(id: string, minSoc: number) {
  const store = memoryStateStore();
  const started = await startTestDatalogger(cleanups, { store });
  const inverter = started.plant.inverters[0]?.sn as string;
  await started.observer.command(started.sn, { id, type: 'setting.set', device: inverter, params: { MinSoc: minSoc } });
  await started.observer.waitFor((message) => message.kind === 'reply' && message.payload.id === id);
  return { ...started, store, inverter };
}

/** Starts `plant`'s datalogger again from `store`; resolves at its first sample. */
async function restart(plant: PlantDefinition, store: StateStore, observer: Observer) {
  const restarted = new SimulatedDatalogger({ url: TEST_BROKER, plant, secret: 'test', intervalSec: 0.2, store });
  cleanups.add(() => restarted.stop());
  const restartAt = observer.messages.length;
  await restarted.start();
  await observer.waitFor((message) => message.kind === 'telemetry', 3000, restartAt);
}

/** Sends `id` (a MinSoc change answered before) again with another value: the first reply comes again, and MinSoc stays `minSoc`. */
async function expectMinSocKept(observer: Observer, sn: string, inverter: string, id: string, minSoc: number) {
  await observer.command(sn, { id, type: 'setting.set', device: inverter, params: { MinSoc: minSoc + 15 } });
  await observer.command(sn, { id: `${id}-read`, type: 'setting.get', device: inverter, params: { keys: ['MinSoc'] } });
  await observer.waitFor((message) => message.kind === 'reply' && message.payload.id === `${id}-read`);
  const first = { id, status: 'done', result: { MinSoc: minSoc } };
  expect(observer.replies(id).map((message) => message.payload)).toEqual([first, first]);
  expect(observer.replies(`${id}-read`)[0]?.payload.result).toEqual({ MinSoc: minSoc });
}

describe('a simulated datalogger over MQTT', () => {
  it('announces itself, publishes its history oldest first (coarse, then fine) and then live samples on the boundaries', async () => {
    const started = Date.now();
    const fineDays = 0.001;
    const { plant, observer, datalogger } = await startTestDatalogger(cleanups, {
      backfillDays: 0.02,
      backfillCoarseSec: 60,
      backfillFineDays: fineDays,
    });
    await datalogger.whenCaughtUp();
    const caughtUp = Date.now();
    await observer.waitFor((message) => message.kind === 'telemetry' && message.at > caughtUp + 500, 3000);

    const [status, inventory] = observer.messages;
    expect(status?.kind).toBe('status');
    expect(statusPayload.parse(status?.payload)).toMatchObject({ online: true, fw: '2.05', ip: expect.stringMatching(/^192\.168\./) });
    expect(inventory?.kind).toBe('inventory');
    expect(inventoryPayload.parse(inventory?.payload).devices.map((device) => device.sn)).toEqual(
      devicesOf(plant).map((device) => device.sn),
    );

    // Every minute first, then every interval: one switch, the rest exact, time only moving forward.
    const samples = inverterSamples(observer, plant);
    const gaps = samples.slice(1).map((sample, i) => sample.ts - (samples[i]?.ts as number));
    const firstFine = gaps.indexOf(200);
    expect(firstFine).toBeGreaterThan(1);
    expect(gaps.slice(0, firstFine - 1).every((gap) => gap === 60_000)).toBe(true);
    expect((gaps[firstFine - 1] as number) % 200).toBe(0);
    expect(gaps.slice(firstFine).every((gap) => gap === 200)).toBe(true);
    expect(Math.abs((samples[firstFine]?.ts as number) - (started - fineDays * 86_400_000))).toBeLessThan(60_000);
    expect(samples[0]?.ts).toBeLessThan(started - 0.019 * 86_400_000);
    // Many samples per history message, within the payload limit.
    const sizes = observer.of('telemetry').map((message) => JSON.stringify(message.payload).length);
    expect(Math.max(...sizes)).toBeGreaterThan(30_000);
    expect(Math.max(...sizes)).toBeLessThan(256 * 1024);
    // Live: on the interval boundaries, measured before they are sent and sent promptly.
    const live = samples.filter((sample) => sample.ts > caughtUp);
    expect(live.length).toBeGreaterThanOrEqual(2);
    for (const sample of live) {
      expect(sample.ts % 200).toBe(0);
      expect(sample.at).toBeGreaterThanOrEqual(sample.ts);
      expect(sample.at - sample.ts).toBeLessThan(1000);
    }
    // Every device in every sample time, the counters on the first inverter.
    const last = telemetryPayload.parse(observer.of('telemetry').at(-1)?.payload).samples;
    expect(new Set(last.map((sample) => sample.device))).toEqual(new Set(devicesOf(plant).map((device) => device.sn)));
    expect(Object.keys(last[0]?.vars ?? {})).toEqual(
      expect.arrayContaining(['PVEnergyTotal', 'feedinTotal', 'chargeEnergyTotal', 'pv1Volt', 'runningState']),
    );
  }, 15_000);

  it('drops off with its last will, and replays what it missed with the original timestamps', async () => {
    const { plant, observer, datalogger } = await startTestDatalogger(cleanups);
    const droppedAt = Date.now();
    datalogger.goOffline(1000);
    const will = await observer.waitFor((message) => message.kind === 'status' && message.payload.online === false, 3000);
    expect(will.payload).toEqual({ online: false });
    const back = await observer.waitFor(
      (message) => message.kind === 'status' && message.payload.online === true && message.at > droppedAt,
      4000,
    );
    await observer.waitFor((message) => message.kind === 'telemetry' && message.at > back.at + 500, 3000);
    const samples = inverterSamples(observer, plant);
    // At least once: a message in flight at the drop may come twice, but no sample time is missing.
    const times = [...new Set(samples.map((sample) => sample.ts))].sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) expect((times[i] as number) - (times[i - 1] as number)).toBe(200);
    const missed = samples.filter((sample) => sample.ts > droppedAt + 200 && sample.ts < droppedAt + 800);
    expect(missed.length).toBeGreaterThan(0);
    for (const sample of missed) expect(sample.at).toBeGreaterThanOrEqual(back.at);
    // Oldest first: after the reconnection, time only moves forward.
    const replayed = samples.filter((sample) => sample.at >= back.at).map((sample) => sample.ts);
    expect(replayed).toEqual([...replayed].sort((a, b) => a - b));
  }, 15_000);

  it('continues counters, settings and answered ids after a restart from its saved state', async () => {
    const { store, plant, sn, inverter, observer, datalogger } = await startWithMinSoc('keep-1', 30);
    await datalogger.stop();
    expect(observer.of('status').at(-1)?.payload).toEqual({ online: false });
    const before = inverterSamples(observer, plant);
    const lastBefore = before.at(-1);

    await restart(plant, store, observer);
    const after = inverterSamples(observer, plant).slice(before.length);
    // Exactly where the acknowledged samples ended, with counters that went on growing.
    expect(after[0]?.ts).toBe((lastBefore?.ts as number) + 200);
    expect(after[0]?.vars.PVEnergyTotal).toBeGreaterThanOrEqual(lastBefore?.vars.PVEnergyTotal as number);
    expect(after[0]?.vars.loadsTotal).toBeGreaterThanOrEqual(lastBefore?.vars.loadsTotal as number);

    await expectMinSocKept(observer, sn, inverter, 'keep-1', 30);
  }, 15_000);

  it('keeps a changed setting and the id it answered at once, so a crash right after the reply loses neither', async () => {
    const { store, plant, sn, inverter, observer, datalogger } = await startWithMinSoc('flash-1', 35);
    // Gone without a goodbye or a save at stop, well before the periodic save.
    datalogger.goOffline(60_000);
    await expect.poll(() => store.states.get(sn)?.plant.settings.MinSoc).toBe(35);

    await restart(plant, store, observer);
    await expectMinSocKept(observer, sn, inverter, 'flash-1', 35);
  }, 15_000);
});

describe('an observer without a datalogger', () => {
  it('sees nothing for an SN nobody simulates (the tests above do not pass by accident)', async () => {
    const observer = await Observer.start(['869999999999999']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(observer.messages).toEqual([]);
    await observer.close();
  });
});
