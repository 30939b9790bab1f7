import { replyPayload, telemetryPayload } from '@sunstack/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { manageableDevices, type PlantDefinition } from '../plant/definition.ts';
import { DEMO_FLEET } from '../plant/fleet.ts';
import { Cleanups, type Observer, startTestDatalogger, TEST_BROKER } from '../test/observer.ts';
import { SimulatedDatalogger } from './datalogger.ts';
import { memoryStateStore } from './stateStore.ts';

/** A meter's and an EMS's settings over the machine's Mosquitto: read, changed, honoured, kept across a restart. */

const cleanups = new Cleanups();
afterEach(() => cleanups.run());

/** A plant with a meter, an EMS and a gateway. */
const site = DEMO_FLEET.find((plant) => plant.meter && plant.auxiliaries?.length === 2) as PlantDefinition;

async function answer(
  observer: Observer,
  sn: string,
  command: { id: string; type: 'setting.get' | 'setting.set'; device: string; params: Record<string, unknown> },
) {
  await observer.command(sn, command);
  await observer.waitFor((message) => message.kind === 'reply' && message.payload.id === command.id, 5000);
  return replyPayload.parse(observer.replies(command.id)[0]?.payload);
}

/** The newest sample of a device received after `from` (an index into the observer's messages). */
async function nextSample(observer: Observer, device: string, from: number) {
  const has = (payload: unknown) => telemetryPayload.parse(payload).samples.some((sample) => sample.device === device);
  await observer.waitFor((message) => message.kind === 'telemetry' && has(message.payload), 5000, from);
  const samples = observer
    .of('telemetry')
    .slice(-5)
    .flatMap((message) => telemetryPayload.parse(message.payload).samples)
    .filter((sample) => sample.device === device);
  return samples.at(-1)?.vars ?? {};
}

describe('meter and EMS settings on a simulated datalogger', () => {
  it('answers setting.get with the real state, applies setting.set, refuses keys of another kind, and keeps them across a restart', async () => {
    const store = memoryStateStore();
    const { plant, sn, observer, datalogger } = await startTestDatalogger(cleanups, { store }, site);
    const meter = plant.meter?.sn as string;
    const ems = plant.auxiliaries?.find((auxiliary) => auxiliary.type === 'ems')?.sn as string;
    const installed = plant.meter?.ctRatio as number;

    expect(await answer(observer, sn, { id: 'm-get', type: 'setting.get', device: meter, params: {} })).toEqual({
      id: 'm-get',
      status: 'done',
      result: { CtRatio: installed, CtDirection: 'Forward' },
    });
    expect(await answer(observer, sn, { id: 'e-get', type: 'setting.get', device: ems, params: {} })).toMatchObject({
      status: 'done',
      result: { DeviceCount: manageableDevices(plant).length },
    });
    // An inverter's key on the meter, a count out of range: failed, nothing changed.
    expect(await answer(observer, sn, { id: 'm-bad', type: 'setting.set', device: meter, params: { MinSoc: 20 } })).toMatchObject({
      status: 'failed',
      error: 'unknown setting: MinSoc',
    });
    expect(await answer(observer, sn, { id: 'e-bad', type: 'setting.set', device: ems, params: { DeviceCount: 0 } })).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('emsCountRange'),
    });
    // A gateway takes no settings.
    const gateway = plant.auxiliaries?.find((auxiliary) => auxiliary.type === 'gateway')?.sn as string;
    expect(await answer(observer, sn, { id: 'g-get', type: 'setting.get', device: gateway, params: {} })).toMatchObject({
      status: 'failed',
      error: 'settings are not supported by a gateway',
    });

    const set = { CtRatio: installed * 2, CtDirection: 'Reverse' };
    expect(await answer(observer, sn, { id: 'm-set', type: 'setting.set', device: meter, params: set })).toEqual({
      id: 'm-set',
      status: 'done',
      result: set,
    });
    expect(await answer(observer, sn, { id: 'e-set', type: 'setting.set', device: ems, params: { DeviceCount: 2 } })).toMatchObject({
      status: 'done',
    });
    // What the devices report from now on follows: the first inverter's grid reading, doubled and reversed by the meter.
    const from = observer.messages.length;
    const after = await nextSample(observer, ems, from);
    expect(after.managedDevices).toBe(2);
    const samples = observer
      .of('telemetry')
      .slice(-3)
      .flatMap((message) => telemetryPayload.parse(message.payload).samples);
    const last = samples.filter((sample) => sample.device === meter).at(-1);
    const inverter = samples.find((sample) => sample.ts === last?.ts && sample.device === plant.inverters[0]?.sn);
    expect(last?.vars.meterPower).toBeCloseTo(-2 * (inverter?.vars.meterPower as number), 1);

    // Restarted from its saved state: the device still holds them.
    await datalogger.stop();
    const restarted = new SimulatedDatalogger({ url: TEST_BROKER, plant, secret: 'test', intervalSec: 0.2, store });
    cleanups.add(() => restarted.stop());
    const restartAt = observer.messages.length;
    await restarted.start();
    await observer.waitFor((message) => message.kind === 'telemetry', 3000, restartAt);
    expect(await answer(observer, sn, { id: 'm-again', type: 'setting.get', device: meter, params: {} })).toMatchObject({ result: set });
    expect(await answer(observer, sn, { id: 'e-again', type: 'setting.get', device: ems, params: {} })).toMatchObject({
      result: { DeviceCount: 2 },
    });
  }, 20_000);
});

describe('peak shaving on a simulated inverter', () => {
  const inverterOf = (plant: PlantDefinition) => plant.inverters[0]?.sn as string;

  it('a three-phase hybrid offers it: reports its settings and runs the mode; a single-phase one refuses both', async () => {
    const townhouse = DEMO_FLEET.find((plant) => plant.name === 'Munich townhouse') as PlantDefinition;
    const offering = await startTestDatalogger(cleanups, {}, townhouse);
    const keys = await answer(offering.observer, offering.sn, {
      id: 'p-get',
      type: 'setting.get',
      device: inverterOf(offering.plant),
      params: {},
    });
    expect(keys.result).toMatchObject({ PeakShavingImportLimit: 4, PeakShavingSoc: 50, OffGridMinSoc: 10 });
    const set = { WorkMode: 'PeakShaving', PeakShavingImportLimit: 2.5, PeakShavingSoc: 30 };
    expect(
      await answer(offering.observer, offering.sn, { id: 'p-set', type: 'setting.set', device: inverterOf(offering.plant), params: set }),
    ).toEqual({ id: 'p-set', status: 'done', result: set });
    expect(offering.datalogger.settings('inverter')).toMatchObject(set);

    const family = DEMO_FLEET.find((plant) => plant.name === 'Freiburg family roof') as PlantDefinition;
    const plain = await startTestDatalogger(cleanups, {}, family);
    const plainKeys = await answer(plain.observer, plain.sn, {
      id: 'q-get',
      type: 'setting.get',
      device: inverterOf(plain.plant),
      params: {},
    });
    expect(Object.keys(plainKeys.result ?? {})).not.toContain('PeakShavingSoc');
    expect(
      await answer(plain.observer, plain.sn, {
        id: 'q-mode',
        type: 'setting.set',
        device: inverterOf(plain.plant),
        params: { WorkMode: 'PeakShaving' },
      }),
    ).toMatchObject({ status: 'failed', error: 'WorkMode: peak shaving is not offered' });
    expect(
      await answer(plain.observer, plain.sn, {
        id: 'q-soc',
        type: 'setting.set',
        device: inverterOf(plain.plant),
        params: { PeakShavingSoc: 30 },
      }),
    ).toMatchObject({ status: 'failed', error: 'unknown setting: PeakShavingSoc' });
  });
});
