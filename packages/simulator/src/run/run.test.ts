import { telemetryPayload } from '@sunstack/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_FLEET, withDatalogger } from '../plant/fleet.ts';
import { Cleanups, inverterSamples, Observer, randomSn, TEST_BROKER } from '../test/observer.ts';
import { runFleet } from './runFleet.ts';
import { runLoad } from './runLoad.ts';

const cleanups = new Cleanups();
afterEach(() => cleanups.run());
const DAY = 86_400_000;

describe('runFleet', () => {
  it('backfills each datalogger from where the platform stands, coarse for old history, then goes live', async () => {
    const resumed = withDatalogger(DEMO_FLEET[0] as (typeof DEMO_FLEET)[number], randomSn());
    const fresh = withDatalogger(DEMO_FLEET[3] as (typeof DEMO_FLEET)[number], randomSn());
    const observer = await Observer.start([resumed.datalogger.sn, fresh.datalogger.sn]);
    cleanups.add(() => observer.close());
    const started = Date.now();
    const resumeAt = started - 0.01 * DAY;
    const handle = await runFleet({
      url: TEST_BROKER,
      plants: [resumed, fresh],
      secretOf: () => 'test',
      intervalSec: 0.2,
      backfillDays: 0.02,
      backfillCoarseSec: 60,
      backfillFineDays: 0.002,
      resumeFrom: (sn) => (sn === resumed.datalogger.sn ? resumeAt : undefined),
      faultRate: 0,
      offlineRate: 0,
    });
    // The fleet starts its fresh history from its own clock, a moment after `started`.
    const launched = Date.now();
    cleanups.add(() => handle.stop());
    await handle.backfilled;
    // Live samples follow the history (the observer may trail the acknowledgements a little).
    for (const plant of [resumed, fresh]) {
      await observer.waitFor(
        (message) =>
          message.sn === plant.datalogger.sn &&
          message.kind === 'telemetry' &&
          (telemetryPayload.parse(message.payload).samples[0]?.ts ?? 0) > started,
        3000,
      );
    }

    const resumedSamples = inverterSamples(observer, resumed);
    const freshSamples = inverterSamples(observer, fresh);
    expect(resumedSamples[0]?.ts).toBeGreaterThan(resumeAt);
    expect(resumedSamples[0]?.ts).toBeLessThan(resumeAt + 60_001);
    expect(freshSamples[0]?.ts).toBeLessThan(launched - 0.02 * DAY + 60_001);
    for (const samples of [resumedSamples, freshSamples]) {
      const old = samples.filter((sample) => sample.ts < started - 0.002 * DAY - 60_000);
      expect(old.length).toBeGreaterThan(3);
      for (const sample of old) expect(sample.ts % 60_000).toBe(0);
      const gaps = samples.slice(1).map((sample, i) => sample.ts - (samples[i]?.ts as number));
      expect(gaps.every((gap) => gap > 0 && gap <= 60_000)).toBe(true);
    }
    await handle.stop();
    expect(observer.of('status', resumed.datalogger.sn).at(-1)?.payload).toEqual({ online: false });
    expect(observer.of('status', fresh.datalogger.sn).at(-1)?.payload).toEqual({ online: false });
  }, 15_000);
});

describe('runLoad', () => {
  it('publishes live messages of one 20-variable sample at the asked rate and counts acknowledgements', async () => {
    const dataloggers = [randomSn(), randomSn(), randomSn()].map((sn) => ({ sn, secret: 'test' }));
    const observer = await Observer.start(dataloggers.map((datalogger) => datalogger.sn));
    cleanups.add(() => observer.close());
    const report = await runLoad({ url: TEST_BROKER, dataloggers, rate: 20, durationSec: 1 }).done;
    expect(report).toMatchObject({
      dataloggers: 3,
      connectFailures: 0,
      messagesSent: 60,
      messagesAcked: 60,
      messagesFailed: 0,
      samplesAcked: 60,
    });
    await observer.waitFor(() => observer.of('telemetry').length >= 60);
    for (const { sn } of dataloggers) {
      expect(observer.of('status', sn)[0]?.payload).toMatchObject({ online: true });
      expect(observer.of('inventory', sn)).toHaveLength(1);
      const samples = observer.of('telemetry', sn).flatMap((message) => telemetryPayload.parse(message.payload).samples);
      expect(samples).toHaveLength(20);
      for (const sample of samples) expect(Object.keys(sample.vars)).toHaveLength(20);
      const times = samples.map((sample) => sample.ts);
      expect(new Set(times).size).toBe(times.length);
      const energy = samples.map((sample) => sample.vars.PVEnergyTotal as number);
      expect(energy).toEqual([...energy].sort((a, b) => a - b));
    }
  }, 15_000);

  it('replays many samples per message, one second apart', async () => {
    const dataloggers = [randomSn(), randomSn()].map((sn) => ({ sn, secret: 'test' }));
    const observer = await Observer.start(dataloggers.map((datalogger) => datalogger.sn));
    cleanups.add(() => observer.close());
    const report = await runLoad({ url: TEST_BROKER, dataloggers, rate: 5, durationSec: 1, mode: 'replay', samplesPerMessage: 100 }).done;
    expect(report).toMatchObject({ messagesSent: 10, messagesAcked: 10, samplesAcked: 1000 });
    await observer.waitFor(() => observer.of('telemetry').length >= 10);
    const samples = observer.of('telemetry', dataloggers[0]?.sn).flatMap((message) => telemetryPayload.parse(message.payload).samples);
    expect(samples).toHaveLength(500);
    expect(samples.slice(1).every((sample, i) => sample.ts - (samples[i]?.ts as number) === 1000)).toBe(true);
    expect(samples[0]?.ts).toBeLessThan(Date.now() - 29 * DAY);
  }, 15_000);
});
