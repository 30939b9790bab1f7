import type { EmsSettings, EnergyCounter, MeterSettings, PlantSettings } from '@sunstack/shared';
import { clearSkyGhi, decompose, type Irradiance, planeOfArray, type SunPosition, sunPosition } from '@sunstack/shared';
import { batteryElectrical, batteryTemperature, stateOfHealth } from '../physics/battery.ts';
import { CONNECTOR_STATE, EvChargerModel } from '../physics/evCharger.ts';
import { HeatPumpModel } from '../physics/heatPump.ts';
import { LoadModel } from '../physics/load.ts';
import { type StringOutput, stringOutput } from '../physics/pv.ts';
import { Weather, type WeatherNow } from '../physics/weather.ts';
import { gaussian, hash32, hashString, uniform } from '../random.ts';
import { DAY_MS, HOUR_MS, localTime } from '../time.ts';
import {
  defaultEmsSettings,
  defaultMeterSettings,
  defaultSettings,
  devicesOf,
  manageableDevices,
  type PlantDefinition,
  type SimulatedDeviceType,
} from './definition.ts';
import { dispatch } from './dispatch.ts';
import { type FaultCode, type FaultEvent, FaultSchedule } from './faults.ts';
import { activeMode, upgradeSettings } from './settings.ts';

/**
 * One plant stepped through time. Weather, PV, loads, EV and heat pump are functions of time; the
 * battery's SoC and temperature and the energy counters are the state carried from step to step
 * (and saved, so a restart continues the same counters).
 */

export type Counters = Partial<Record<EnergyCounter, number>>;

/** What the plant's devices are set to: the inverter (its battery too), and the meter and EMS where there are. */
export interface DeviceSettingsState {
  settings: PlantSettings;
  meterSettings?: MeterSettings;
  emsSettings?: EmsSettings;
}

export interface PlantSnapshot extends DeviceSettingsState {
  ts: number;
  soc: number;
  batteryTemperature: number;
  /** Per inverter SN. */
  counters: Record<string, Counters>;
  /** Settings changed at a time the simulation has not reached yet (it may be replaying history). */
  pendingSettings: ({ effectiveTs: number } & DeviceSettingsState)[];
}

export interface Sample {
  ts: number;
  device: string;
  vars: Record<string, number>;
}

/** Plant-level flows of a step, kW (for tests and summaries). */
export interface PlantFlows {
  pvKw: number;
  loadKw: number;
  /** Positive imports. */
  gridKw: number;
  /** Positive charges. */
  batteryKw: number;
  soc: number;
}

export interface StepResult {
  ts: number;
  samples: Sample[];
  events: FaultEvent[];
  flows: PlantFlows;
}

export interface PlantModelOptions {
  /** Mixed into every random draw: another seed, another weather. */
  seed?: number;
  /** Expected faults per device per day. */
  faultRate?: number;
  /** Continue from a saved state, or start fresh at `startTs`. */
  snapshot?: PlantSnapshot;
  startTs?: number;
}

/** `runningState` codes (as hybrid inverters report them). */
export const RUNNING_STATE = { waiting: 161, onGrid: 163, fault: 165, upgrading: 168 } as const;

const INITIAL_SOC = 50;
/** Fault codes that change what an EMS or gateway reports (shared fault catalogue). */
const EMS_INVERTERS_LOST = 6001;
const EMS_BATTERY_LOST = 6005;
const GATEWAY_BUS_TIMEOUT = 7001;

export class PlantModel {
  readonly plant: PlantDefinition;
  private readonly seed: number;
  private readonly weather: Weather;
  private readonly load: LoadModel;
  private readonly evCharger?: EvChargerModel;
  private readonly heatPump?: HeatPumpModel;
  private readonly faults: FaultSchedule[];
  private readonly faultsBySn = new Map<string, FaultSchedule>();
  private state: PlantSnapshot;

  constructor(plant: PlantDefinition, options: PlantModelOptions = {}) {
    this.plant = plant;
    this.seed = hash32(hashString(plant.datalogger.sn), options.seed ?? 0);
    this.weather = new Weather(hash32(this.seed, 1), plant.latitude, plant.longitude, plant.climate);
    this.load = new LoadModel(plant.load, hash32(this.seed, 2), plant.latitude);
    if (plant.evCharger)
      this.evCharger = new EvChargerModel(plant.evCharger.ratedPowerKw, plant.evCharger.usage, hash32(this.seed, 3), plant.timeZone);
    if (plant.heatPump) this.heatPump = new HeatPumpModel(plant.heatPump.ratedPowerKw, plant.heatPump.heatLossKwPerK);
    const rate = options.faultRate ?? 0;
    const devices = devicesOf(plant).map((device): [string, SimulatedDeviceType] => [device.sn, device.type]);
    this.faults = devices.map(([sn, type]) => new FaultSchedule(hash32(this.seed, hashString(sn)), sn, type, rate));
    for (const schedule of this.faults) this.faultsBySn.set(schedule.device, schedule);
    this.state = options.snapshot
      ? upgradeSnapshot(structuredClone(options.snapshot), defaultSettings(plant))
      : this.freshState(options.startTs ?? Date.parse(`${plant.commissioned}T00:00:00Z`));
    // A state saved before the plant's meter and EMS took settings starts them as installed.
    if (plant.meter) this.state.meterSettings ??= defaultMeterSettings(plant.meter);
    if (this.ems) this.state.emsSettings ??= defaultEmsSettings(plant);
  }

  private get ems() {
    return this.plant.auxiliaries?.find((auxiliary) => auxiliary.type === 'ems');
  }

  get ts(): number {
    return this.state.ts;
  }

  /** The settings as last changed (perhaps not in force yet while the simulation replays history). */
  private get latestSettings(): DeviceSettingsState {
    return this.state.pendingSettings.at(-1) ?? this.state;
  }

  get settings(): PlantSettings {
    return this.latestSettings.settings;
  }

  get meterSettings(): MeterSettings | undefined {
    return this.latestSettings.meterSettings;
  }

  get emsSettings(): EmsSettings | undefined {
    return this.latestSettings.emsSettings;
  }

  snapshot(): PlantSnapshot {
    return structuredClone(this.state);
  }

  /** New settings of the inverter take effect at `effectiveTs` (now), even if the simulation is still behind it. */
  changeSettings(settings: PlantSettings, effectiveTs: number) {
    this.change({ settings }, effectiveTs);
  }

  /** New settings of the meter or the EMS, likewise. */
  changeDeviceSettings(change: Pick<DeviceSettingsState, 'meterSettings' | 'emsSettings'>, effectiveTs: number) {
    this.change(change, effectiveTs);
  }

  private change(change: Partial<DeviceSettingsState>, effectiveTs: number) {
    const next = { ...pick(this.latestSettings), ...change };
    if (effectiveTs <= this.state.ts) {
      Object.assign(this.state, next);
      this.state.pendingSettings = [];
    } else {
      this.state.pendingSettings.push({ effectiveTs, ...next });
    }
  }

  /** Faults of a device raised at `ts`. */
  activeFaults(sn: string, ts: number): FaultCode[] {
    return this.faultsBySn.get(sn)?.active(ts) ?? [];
  }

  /** Irradiance and weather at `ts` (I-V scans use them). */
  conditions(ts: number): { sun: SunPosition; irradiance: Irradiance; weather: WeatherNow } {
    const sun = sunPosition(ts, this.plant.latitude, this.plant.longitude);
    const weather = this.weather.at(ts);
    const irradiance = decompose(clearSkyGhi(sun) * weather.clearSkyIndex, sun);
    return { sun, irradiance, weather };
  }

  /** DC output of every string of every inverter at `ts`, before clipping. */
  strings(ts: number): StringOutput[][] {
    const { sun, irradiance, weather } = this.conditions(ts);
    return this.plant.inverters.map((inverter) =>
      inverter.strings.map((pv) => stringOutput(pv, planeOfArray(sun, irradiance, pv), weather.airTemperature)),
    );
  }

  /**
   * Advances to `ts` (after the current time) and returns what every device measures there, the
   * fault events since the previous step, and the plant's flows. `stopped` says which devices an
   * upgrade keeps off.
   */
  step(ts: number, stopped: (sn: string) => boolean = () => false): StepResult {
    const previous = this.state.ts;
    if (ts <= previous) throw new Error(`step to ${ts} is not after ${previous}`);
    const hours = (ts - previous) / HOUR_MS;
    while (this.state.pendingSettings[0] && this.state.pendingSettings[0].effectiveTs <= ts) {
      Object.assign(this.state, pick(this.state.pendingSettings.shift() as DeviceSettingsState));
    }
    const { plant } = this;
    const settings = this.state.settings;
    const { sun, irradiance, weather } = this.conditions(ts);
    const local = localTime(ts, plant.timeZone);
    const events = this.faults.flatMap((schedule) => schedule.eventsBetween(previous, ts)).sort((a, b) => a.ts - b.ts);
    const faulted = (sn: string) => this.activeFaults(sn, ts).some((fault) => fault.stops);
    const halted = (sn: string) => faulted(sn) || stopped(sn);

    const strings = plant.inverters.map((inverter) =>
      inverter.strings.map((pv) => stringOutput(pv, planeOfArray(sun, irradiance, pv), weather.airTemperature)),
    );
    const ev = this.evCharger?.at(ts, local);
    const evOn = ev && plant.evCharger && !halted(plant.evCharger.sn) ? ev : undefined;
    const hp = this.heatPump?.at(ts, local, weather.airTemperature);
    const hpOn = hp && plant.heatPump && !halted(plant.heatPump.sn) ? hp : undefined;
    const householdKw = this.load.at(ts, { local, dark: sun.elevation < -3, airTemperature: weather.airTemperature });
    const loadKw = householdKw + (evOn?.chargePower ?? 0) + (hpOn?.hpPower ?? 0);

    const battery = plant.battery;
    const active = activeMode(settings, local.hour);
    const flows = dispatch({
      inverters: plant.inverters.map((inverter, i) => ({
        pvKw: sumPower(strings[i] as StringOutput[]),
        ratedKw: inverter.ratedPowerKw,
        running: !halted(inverter.sn),
      })),
      battery: battery && {
        spec: battery,
        soc: this.state.soc,
        minSoc: settings.MinSoc,
        maxSoc: settings.MaxSoc,
        active,
        forceChargeKw: settings.ForceChargePower,
        forceDischargeKw: settings.ForceDischargePower,
        running: !halted(battery.sn),
      },
      loadKw,
      exportLimitKw: settings.ExportLimit,
      hours,
    });

    // Integrate the counters over the step with the powers at its end.
    const master = plant.inverters[0];
    const gridKw = flows.gridKw;
    plant.inverters.forEach((inverter, i) => {
      const counters = this.state.counters[inverter.sn] ?? {};
      this.state.counters[inverter.sn] = counters;
      add(counters, 'PVEnergyTotal', (flows.pvKw[i] as number) * hours);
      add(counters, 'generationTotal', Math.max(0, flows.acKw[i] as number) * hours);
      if (inverter === master) {
        add(counters, 'feedinTotal', Math.max(0, -gridKw) * hours);
        add(counters, 'gridConsumptionTotal', Math.max(0, gridKw) * hours);
        add(counters, 'loadsTotal', loadKw * hours);
        if (battery) {
          add(counters, 'chargeEnergyTotal', Math.max(0, flows.batteryKw) * hours);
          add(counters, 'dischargeEnergyTotal', Math.max(0, -flows.batteryKw) * hours);
        }
      }
    });
    if (battery) {
      this.state.batteryTemperature = batteryTemperature(
        battery,
        this.state.batteryTemperature,
        flows.batteryKw,
        weather.airTemperature,
        hours,
      );
      this.state.soc = flows.soc;
    }
    this.state.ts = ts;

    // What each device reports.
    const noise = (key: number) => gaussian(this.seed, key, Math.floor(ts / 1000));
    const gridVolt = plant.grid.volt * (1 + 0.006 * noise(61)) + 0.02 * Math.max(0, -gridKw);
    const gridHz = plant.grid.hz + 0.015 * noise(62);
    const samples: Sample[] = plant.inverters.map((inverter, i) => {
      const outputs = strings[i] as StringOutput[];
      const potential = sumPower(outputs);
      const drawn = flows.pvKw[i] as number;
      const share = potential > 0 ? drawn / potential : 0;
      const ac = flows.acKw[i] as number;
      const vars: Record<string, number> = { pvPower: round(drawn, 3) };
      outputs.forEach((output, n) => {
        const power = output.powerKw * share;
        vars[`pv${n + 1}Volt`] = round(output.volt, 1);
        vars[`pv${n + 1}Current`] = round(output.volt > 0 ? (power * 1000) / output.volt : 0, 2);
        vars[`pv${n + 1}Power`] = round(power, 3);
      });
      vars.generationPower = round(Math.max(0, ac), 3);
      if (inverter === master) {
        vars.feedinPower = round(Math.max(0, -gridKw), 3);
        vars.gridConsumptionPower = round(Math.max(0, gridKw), 3);
        vars.loadsPower = round(loadKw, 3);
        vars.meterPower = round(gridKw, 3);
        if (battery) {
          vars.batChargePower = round(Math.max(0, flows.batteryKw), 3);
          vars.batDischargePower = round(Math.max(0, -flows.batteryKw), 3);
        }
      }
      const inverterAir = 0.6 * weather.airTemperature + 0.4 * 18 + (4 * irradiance.ghi) / 1000;
      vars.RVolt = round(gridVolt, 1);
      vars.RCurrent = round((Math.abs(ac) * 1000) / (gridVolt * inverter.phases), 2);
      vars.RFreq = round(gridHz, 2);
      vars.invTemperation = round(inverterAir + 20 * (Math.abs(ac) / inverter.ratedPowerKw), 1);
      vars.ambientTemperation = round(inverterAir, 1);
      vars.runningState = faulted(inverter.sn)
        ? RUNNING_STATE.fault
        : stopped(inverter.sn)
          ? RUNNING_STATE.upgrading
          : drawn > 0 || (inverter === master && flows.batteryKw !== 0)
            ? RUNNING_STATE.onGrid
            : RUNNING_STATE.waiting;
      for (const [name, value] of Object.entries(this.state.counters[inverter.sn] ?? {})) vars[name] = round(value, 3);
      return { ts, device: inverter.sn, vars };
    });
    if (battery) {
      const electrical = batteryElectrical(battery, this.state.soc, flows.batteryKw);
      const discharged = this.state.counters[master?.sn ?? '']?.dischargeEnergyTotal ?? 0;
      const health = stateOfHealth(battery, discharged);
      samples.push({
        ts,
        device: battery.sn,
        vars: {
          SoC: round(this.state.soc, 1),
          SOH: round(health, 1),
          batVolt: round(electrical.volt, 1),
          batCurrent: round(electrical.current, 2),
          batTemperature: round(this.state.batteryTemperature, 1),
          // What it holds now: the charge of the capacity its health leaves.
          ResidualEnergy: round((this.state.soc / 100) * battery.capacityKwh * (health / 100), 2),
        },
      });
    }
    // The meter multiplies what its transformers carry by its CT ratio: set to another ratio than the one installed,
    // it reads too much or too little; with the transformers reversed, import reads as export.
    let meterKw: number | undefined;
    if (plant.meter && this.state.meterSettings) {
      const { CtRatio, CtDirection } = this.state.meterSettings;
      const scale = CtRatio / plant.meter.ctRatio;
      meterKw = gridKw * scale * (CtDirection === 'Reverse' ? -1 : 1);
      samples.push({
        ts,
        device: plant.meter.sn,
        vars: {
          meterPower: round(meterKw, 3),
          RVolt: round(gridVolt, 1),
          RCurrent: round((Math.abs(gridKw) * scale * 1000) / (gridVolt * plant.meter.phases), 2),
          RFreq: round(gridHz, 2),
        },
      });
    }
    if (plant.evCharger && ev) {
      // A tripped charger stops charging; the car stays plugged in.
      const shown = evOn ?? {
        chargePower: 0,
        sessionEnergy: ev.sessionEnergy,
        connectorState: ev.connectorState === CONNECTOR_STATE.available ? CONNECTOR_STATE.available : CONNECTOR_STATE.connected,
      };
      samples.push({
        ts,
        device: plant.evCharger.sn,
        vars: {
          chargePower: round(shown.chargePower, 3),
          sessionEnergy: round(shown.sessionEnergy, 2),
          connectorState: shown.connectorState,
        },
      });
    }
    if (plant.heatPump && hp) {
      const shown = hpOn ?? { hpPower: 0, flowTemp: hp.flowTemp, returnTemp: hp.returnTemp, cop: 0 };
      samples.push({
        ts,
        device: plant.heatPump.sn,
        vars: {
          hpPower: round(shown.hpPower, 3),
          flowTemp: round(shown.flowTemp, 1),
          returnTemp: round(shown.returnTemp, 1),
          cop: round(shown.cop, 2),
        },
      });
    }

    for (const auxiliary of plant.auxiliaries ?? []) {
      const faults = this.activeFaults(auxiliary.sn, ts).map((fault) => fault.code);
      if (auxiliary.type === 'ems') {
        samples.push({
          ts,
          device: auxiliary.sn,
          vars: this.emsReading({ pvKw: flows.pvKw, loadKw, gridKw, meterKw, batteryKw: flows.batteryKw }, faults),
        });
      } else {
        // A field bus timeout (7001) leaves it no device; its link's signal wanders a few dB around its place's level.
        const connected = faults.includes(GATEWAY_BUS_TIMEOUT) ? 0 : devicesOf(plant).length - 1;
        const signal = -60 + 8 * (uniform(hashString(auxiliary.sn), 93) - 0.5) + 2 * noise(94);
        samples.push({ ts, device: auxiliary.sn, vars: { connectedDevices: connected, linkSignal: Math.round(signal) } });
      }
    }

    return {
      ts,
      samples,
      events,
      flows: { pvKw: sum(flows.pvKw), loadKw, gridKw, batteryKw: flows.batteryKw, soc: this.state.soc },
    };
  }

  /**
   * What the EMS reports: how many devices it manages (the first `DeviceCount` of its bus, fewer while it has lost
   * its inverters or its battery), and the site's flows as those devices tell them: PV of its inverters, grid and
   * load where it reads the meter or the first inverter, which measures them, the battery where it reads it.
   */
  private emsReading(
    site: { pvKw: number[]; loadKw: number; gridKw: number; meterKw?: number; batteryKw: number },
    faults: number[],
  ): Record<string, number> {
    const { plant } = this;
    const lost = new Set<SimulatedDeviceType>([
      ...(faults.includes(EMS_INVERTERS_LOST) ? (['inverter'] as const) : []),
      ...(faults.includes(EMS_BATTERY_LOST) ? (['battery'] as const) : []),
    ]);
    const managed = manageableDevices(plant)
      .slice(0, this.state.emsSettings?.DeviceCount ?? 0)
      .filter((device) => !lost.has(device.type));
    const reads = (sn: string | undefined) => managed.some((device) => device.sn === sn);
    const vars: Record<string, number> = { managedDevices: managed.length };
    const inverters = plant.inverters.flatMap((inverter, i) => (reads(inverter.sn) ? [site.pvKw[i] as number] : []));
    if (inverters.length > 0) vars.sitePvPower = round(sum(inverters), 3);
    const master = reads(plant.inverters[0]?.sn);
    if (master) vars.siteLoadPower = round(site.loadKw, 3);
    if (plant.meter && reads(plant.meter.sn) && site.meterKw !== undefined) vars.siteGridPower = round(site.meterKw, 3);
    else if (master) vars.siteGridPower = round(site.gridKw, 3);
    if (plant.battery && reads(plant.battery.sn)) vars.siteBatteryPower = round(site.batteryKw, 3);
    return vars;
  }

  /**
   * A first state for a plant that has been running since its commissioning: counters estimated
   * from a typical year (the platform sees history only from the backfill on, but lifetime totals
   * look like a plant of that age).
   */
  private freshState(startTs: number): PlantSnapshot {
    const { plant } = this;
    const years = Math.max(0, (startTs - Date.parse(`${plant.commissioned}T00:00:00Z`)) / (365.25 * DAY_MS));
    const pvKwh = this.estimateAnnualPvKwh(startTs) * years;
    const generation = pvKwh * 0.96;
    const loads = plant.load.annualKwh * years * 1.2;
    const selfUsed = Math.min(generation * (plant.battery ? 0.6 : 0.35), loads * 0.7);
    const cycledKwh = plant.battery ? plant.battery.capacityKwh * 0.6 * 250 * years : 0;
    const counters: Record<string, Counters> = {};
    const totalPeak = plant.inverters.reduce((total, inverter) => total + inverter.ratedPowerKw, 0);
    plant.inverters.forEach((inverter, i) => {
      const share = inverter.ratedPowerKw / totalPeak;
      const own: Counters = { PVEnergyTotal: pvKwh * share, generationTotal: generation * share };
      if (i === 0) {
        own.feedinTotal = generation - selfUsed;
        own.gridConsumptionTotal = loads - selfUsed;
        own.loadsTotal = loads;
        if (plant.battery) {
          own.chargeEnergyTotal = cycledKwh / 0.95;
          own.dischargeEnergyTotal = cycledKwh;
        }
      }
      counters[inverter.sn] = own;
    });
    return {
      ts: startTs,
      soc: INITIAL_SOC,
      batteryTemperature: 20,
      counters,
      settings: defaultSettings(plant),
      ...(plant.meter ? { meterSettings: defaultMeterSettings(plant.meter) } : {}),
      ...(this.ems ? { emsSettings: defaultEmsSettings(plant) } : {}),
      pendingSettings: [],
    };
  }

  /**
   * PV energy of the 365 days before `ts`, unclipped: sampled every 127 minutes, a step that walks
   * through every time of day over the year, so the estimate is unbiased at a sixth of the cost.
   */
  estimateAnnualPvKwh(ts: number): number {
    const stepMs = 127 * 60_000;
    let kw = 0;
    for (let t = ts - 365 * DAY_MS; t < ts; t += stepMs) {
      for (const outputs of this.strings(t)) kw += sumPower(outputs);
    }
    return (kw * stepMs) / HOUR_MS;
  }
}

/** The settings of a state, without the rest of it. */
function pick({ settings, meterSettings, emsSettings }: DeviceSettingsState): DeviceSettingsState {
  return { settings, ...(meterSettings ? { meterSettings } : {}), ...(emsSettings ? { emsSettings } : {}) };
}

function sumPower(outputs: StringOutput[]): number {
  return outputs.reduce((total, output) => total + output.powerKw, 0);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function add(counters: Counters, name: EnergyCounter, kwh: number) {
  counters[name] = (counters[name] ?? 0) + kwh;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** A snapshot saved by an earlier simulator, its settings in today's shape. */
function upgradeSnapshot(snapshot: PlantSnapshot, defaults: PlantSettings): PlantSnapshot {
  snapshot.settings = upgradeSettings(snapshot.settings, defaults);
  for (const pending of snapshot.pendingSettings) pending.settings = upgradeSettings(pending.settings, defaults);
  return snapshot;
}
