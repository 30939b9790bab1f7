import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../time.ts';
import { devicesOf, manageableDevices, type PlantDefinition } from './definition.ts';
import { DEMO_FLEET } from './fleet.ts';
import { PlantModel, type StepResult } from './plantModel.ts';

/** Every kind of device reports, and the meter's and the EMS's settings change what they report. */

const START = Date.UTC(2025, 5, 2);
const STEP = 5 * MINUTE_MS;
const withEms = DEMO_FLEET.find(
  (plant) => plant.auxiliaries?.some((auxiliary) => auxiliary.type === 'ems') && plant.battery,
) as PlantDefinition;
const emsSn = withEms.auxiliaries?.find((auxiliary) => auxiliary.type === 'ems')?.sn as string;
const withGateway = DEMO_FLEET.find((plant) => plant.auxiliaries?.some((auxiliary) => auxiliary.type === 'gateway')) as PlantDefinition;

function steps(model: PlantModel, from: number, count: number, each: (result: StepResult) => void) {
  for (let i = 1; i <= count; i++) each(model.step(from + i * STEP));
}
const varsOf = (result: StepResult, sn: string | undefined) => result.samples.find((sample) => sample.device === sn)?.vars;

describe('every device kind of the demo fleet', () => {
  it('reports at every sampling time for days, EMS and gateways included', () => {
    const silent: string[] = [];
    for (const plant of DEMO_FLEET) {
      const model = new PlantModel(plant, { startTs: START, faultRate: 0.05 });
      const devices = devicesOf(plant).map((device) => device.sn);
      steps(model, START, (3 * DAY_MS) / STEP, (result) => {
        const reported = new Set(result.samples.map((sample) => sample.device));
        for (const sn of devices) if (!reported.has(sn)) silent.push(`${plant.name} ${sn} at ${new Date(result.ts).toISOString()}`);
      });
    }
    expect(silent.slice(0, 5)).toEqual([]);
    expect(DEMO_FLEET.flatMap((plant) => plant.auxiliaries ?? []).length).toBeGreaterThanOrEqual(5);
    // Three days of the whole fleet's physics: 2-3 s alone, more beside other test files on 2 cores.
  }, 60_000);

  it("an EMS reports the devices it manages and the site's flows as they are", () => {
    const model = new PlantModel(withEms, { startTs: START, faultRate: 0 });
    steps(model, START, 144, (result) => {
      const ems = varsOf(result, emsSn);
      expect(ems?.managedDevices).toBe(manageableDevices(withEms).length);
      expect(ems?.sitePvPower).toBeCloseTo(result.flows.pvKw, 2);
      expect(ems?.siteLoadPower).toBeCloseTo(result.flows.loadKw, 2);
      expect(ems?.siteGridPower).toBeCloseTo(result.flows.gridKw, 2);
      expect(ems?.siteBatteryPower).toBeCloseTo(result.flows.batteryKw, 2);
    });
  });

  it('a gateway reports the devices on its field bus and its signal', () => {
    const model = new PlantModel(withGateway, { startTs: START, faultRate: 0 });
    const gateway = withGateway.auxiliaries?.find((auxiliary) => auxiliary.type === 'gateway')?.sn;
    steps(model, START, 12, (result) => {
      const vars = varsOf(result, gateway);
      expect(vars?.connectedDevices).toBe(devicesOf(withGateway).length - 1);
      expect(vars?.linkSignal).toBeGreaterThan(-80);
      expect(vars?.linkSignal).toBeLessThan(-40);
    });
  });
});

describe('meter settings', () => {
  const plant = DEMO_FLEET.find((candidate) => candidate.meter?.phases === 3) as PlantDefinition;
  const meter = plant.meter?.sn;

  it('a CT ratio other than the one installed scales what the meter reads; reversed transformers flip its sign', () => {
    const model = new PlantModel(plant, { startTs: START, faultRate: 0 });
    const installed = plant.meter?.ctRatio as number;
    const at = (offset: number) => START + offset * STEP;
    const first = model.step(at(1));
    expect(varsOf(first, meter)?.meterPower).toBeCloseTo(first.flows.gridKw, 2);

    model.changeDeviceSettings({ meterSettings: { CtRatio: installed * 2, CtDirection: 'Forward' } }, at(1));
    const doubled = model.step(at(2));
    expect(varsOf(doubled, meter)?.meterPower).toBeCloseTo(doubled.flows.gridKw * 2, 2);

    model.changeDeviceSettings({ meterSettings: { CtRatio: installed, CtDirection: 'Reverse' } }, at(2));
    const reversed = model.step(at(3));
    expect(reversed.flows.gridKw).not.toBe(0);
    expect(varsOf(reversed, meter)?.meterPower).toBeCloseTo(-reversed.flows.gridKw, 2);
    expect(model.meterSettings).toEqual({ CtRatio: installed, CtDirection: 'Reverse' });
  });

  it('a change made ahead of the simulation applies from its time on, and a saved state keeps it', () => {
    const model = new PlantModel(plant, { startTs: START, faultRate: 0 });
    model.changeDeviceSettings({ meterSettings: { CtRatio: 80, CtDirection: 'Forward' } }, START + 3 * STEP);
    const before = model.step(START + 2 * STEP);
    expect(varsOf(before, meter)?.meterPower).toBeCloseTo(before.flows.gridKw, 2);
    const after = model.step(START + 3 * STEP);
    expect(varsOf(after, meter)?.meterPower).toBeCloseTo(after.flows.gridKw * 2, 2);
    const restored = new PlantModel(plant, { snapshot: model.snapshot() });
    expect(restored.meterSettings).toEqual({ CtRatio: 80, CtDirection: 'Forward' });
  });
});

describe('EMS settings', () => {
  it('manages only the first DeviceCount devices of its bus: the site figures shrink to what those report', () => {
    const model = new PlantModel(withEms, { startTs: START, faultRate: 0 });
    model.changeDeviceSettings({ emsSettings: { DeviceCount: 1 } }, START);
    steps(model, START, 144, (result) => {
      const ems = varsOf(result, emsSn);
      expect(ems?.managedDevices).toBe(1);
      // The first address is the first inverter: its PV, and the grid and load it measures; not the battery.
      expect(ems?.sitePvPower).toBeCloseTo(varsOf(result, withEms.inverters[0]?.sn)?.pvPower as number, 2);
      expect(ems?.siteBatteryPower).toBeUndefined();
    });
    // More than the site has: it manages what answers.
    model.changeDeviceSettings({ emsSettings: { DeviceCount: 65_535 } }, START + 144 * STEP);
    expect(varsOf(model.step(START + 145 * STEP), emsSn)?.managedDevices).toBe(manageableDevices(withEms).length);
  });
});
