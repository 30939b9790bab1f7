import { CLIMATES, type Climate, type ClimateName, type PlantSettings } from '@sunstack/shared';
import type { EvChargerUsage } from '../physics/evCharger.ts';
import type { LoadProfile } from '../physics/load.ts';
import type { PvString } from '../physics/pv.ts';
import { type PlantDefinition, type PlantMetadata, plantMetadata } from './definition.ts';

/**
 * The demo fleet: twenty plants at real places, mostly in Europe, a few in Australia, the
 * Americas and Korea; homes and businesses, one to three inverters, batteries, some EV chargers
 * and heat pumps. The first four are the platform's demo plants (server seed) with their
 * dataloggers 860000000000001-4. Every SN is derived from the plant's position in the list.
 */

const GRIDS = {
  europe: { volt: 230, hz: 50 },
  australia: { volt: 230, hz: 50 },
  usa: { volt: 240, hz: 60 },
  brazil: { volt: 220, hz: 60 },
  korea: { volt: 220, hz: 60 },
} as const;

export const DATALOGGER_MODEL = 'SL-W4G';
export const DATALOGGER_FIRMWARE = '2.05';
const FIRMWARE = {
  inverter: { master: '1.42', slave: '1.05', manager: '1.21', afci: '1.02' },
  battery: { master: '1.10' },
  meter: { master: '1.0' },
  evCharger: { master: '1.3' },
  heatPump: { master: '2.03' },
  ems: { master: '3.1' },
  gateway: { master: '2.0' },
};

/**
 * Device SNs as the demo seed has them: `60`, a five-character model code (`H1060` a 6.0 kW
 * single-phase hybrid, `C3015` a 15 kW three-phase inverter, `B1104` a 10.4 kWh battery, `M3000` a
 * three-phase meter, `E0220` a 22 kW charger, `P0090` a 9 kW heat pump, `S0001` an EMS, `G0001` a
 * gateway), a stem naming the installation (`A`, commissioning year, datalogger position) and a
 * three-digit sequence per model code.
 */
export function deviceSn(code: string, stem: string, sequence: number): string {
  return `60${code}${stem}${String(sequence).padStart(3, '0')}`;
}

export function dataloggerSnOf(position: number): string {
  return `86${String(position).padStart(13, '0')}`;
}

interface PlantSpec {
  name: string;
  type: PlantDefinition['type'];
  country: string;
  city: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  commissioned: string;
  climate: ClimateName;
  /** Coldest and warmest monthly mean of this place, °C. */
  temperatures: [number, number];
  grid: keyof typeof GRIDS;
  /** The first is hybrid when there is a battery. */
  inverters: { ratedPowerKw: number; phases: 1 | 3; strings: PvString[] }[];
  battery?: { capacityKwh: number; maxChargeKw: number; maxDischargeKw: number; highVoltage?: boolean };
  /** A separate meter device (otherwise the first inverter's own current sensor measures the grid). */
  meter?: boolean;
  evCharger?: { ratedPowerKw: number; usage: EvChargerUsage };
  /** `ratedPowerKw`: heating output. */
  heatPump?: { ratedPowerKw: number; heatLossKwPerK: number };
  auxiliaries?: ('ems' | 'gateway')[];
  load: LoadProfile;
  settings?: Partial<PlantSettings>;
}

const tenths = (value: number) => String(Math.round(value * 10)).padStart(3, '0');
const whole = (value: number) => String(Math.round(value)).padStart(3, '0');
/** `6` → `6.0`, `7.4` → `7.4`, `22` → `22`: how model names write ratings. */
const rating = (value: number, decimals: boolean) => (decimals ? value.toFixed(1) : String(value));

/** Builds a plant from its spec and its datalogger's position in the fleet (1-based). */
export function definePlant(position: number, spec: PlantSpec): PlantDefinition {
  const dataloggerSn = dataloggerSnOf(position);
  const stem = `A${spec.commissioned.slice(2, 4)}${String(position).padStart(2, '0')}`;
  const sequences = new Map<string, number>();
  const sn = (code: string) => {
    const sequence = (sequences.get(code) ?? 0) + 1;
    sequences.set(code, sequence);
    return deviceSn(code, stem, sequence);
  };
  const climate: Climate = { ...CLIMATES[spec.climate], tempWinter: spec.temperatures[0], tempSummer: spec.temperatures[1] };
  const phases = spec.inverters[0]?.phases ?? 1;
  const plant: PlantDefinition = {
    name: spec.name,
    type: spec.type,
    country: spec.country,
    city: spec.city,
    latitude: spec.latitude,
    longitude: spec.longitude,
    timeZone: spec.timeZone,
    commissioned: spec.commissioned,
    climate,
    grid: GRIDS[spec.grid],
    datalogger: { sn: dataloggerSn, model: DATALOGGER_MODEL, fw: DATALOGGER_FIRMWARE },
    inverters: spec.inverters.map((inverter, i) => {
      const hybrid = i === 0 && spec.battery !== undefined;
      const kw = inverter.ratedPowerKw;
      return {
        sn: sn(hybrid ? `H${inverter.phases}${tenths(kw)}` : `C${inverter.phases}${whole(kw)}`),
        model: hybrid ? `H${inverter.phases}-${rating(kw, true)}` : inverter.phases === 3 ? `T-${kw}` : `S-${rating(kw, true)}`,
        ratedPowerKw: kw,
        phases: inverter.phases,
        strings: inverter.strings,
        fw: { ...FIRMWARE.inverter },
      };
    }),
    load: spec.load,
    settings: spec.settings,
  };
  if (spec.battery) {
    const { capacityKwh, maxChargeKw, maxDischargeKw, highVoltage } = spec.battery;
    plant.battery = {
      sn: sn(`B${highVoltage ? 2 : 1}${tenths(capacityKwh)}`),
      model: `B-${capacityKwh}`,
      capacityKwh,
      maxChargeKw,
      maxDischargeKw,
      nominalVolt: highVoltage ? 409.6 : 51.2,
      fw: { ...FIRMWARE.battery },
    };
  }
  if (spec.heatPump) {
    plant.heatPump = {
      sn: sn(`P0${tenths(spec.heatPump.ratedPowerKw)}`),
      model: `HP-${spec.heatPump.ratedPowerKw}`,
      fw: { ...FIRMWARE.heatPump },
      ...spec.heatPump,
    };
  }
  if (spec.evCharger) {
    plant.evCharger = {
      sn: sn(`E0${tenths(spec.evCharger.ratedPowerKw)}`),
      model: `EV-${spec.evCharger.ratedPowerKw}`,
      fw: { ...FIRMWARE.evCharger },
      ...spec.evCharger,
    };
  }
  // A three-phase meter measures through 200/5 A transformers, a single-phase one is connected directly.
  if (spec.meter)
    plant.meter = {
      sn: sn(`M${phases}000`),
      model: phases === 3 ? 'M3-DTSU' : 'M1-DDSU',
      phases,
      ctRatio: phases === 3 ? 40 : 1,
      fw: { ...FIRMWARE.meter },
    };
  plant.auxiliaries = (spec.auxiliaries ?? []).map((type) =>
    type === 'ems'
      ? { type, sn: sn('S0001'), model: 'EMS-1', fw: { ...FIRMWARE.ems } }
      : { type, sn: sn('G0001'), model: 'GW-1', fw: { ...FIRMWARE.gateway } },
  );
  return plant;
}

/** `series` modules of `moduleWp` facing one way (`parallel` such strings), as one MPPT input. */
const pv = (series: number, moduleWp: number, azimuth: number, tilt: number, parallel = 1): PvString => ({
  series,
  parallel,
  moduleWp,
  azimuth,
  tilt,
});
const weekdays = [1, 2, 3, 4, 5];
const everyDay = [0, 1, 2, 3, 4, 5, 6];

const SPECS: PlantSpec[] = [
  // The four plants of the server's demo seed, with the devices it lists.
  {
    name: 'Freiburg family roof',
    type: 'residential',
    country: 'DE',
    city: 'Freiburg',
    latitude: 47.999,
    longitude: 7.842,
    timeZone: 'Europe/Berlin',
    commissioned: '2023-04-18',
    climate: 'central',
    temperatures: [2, 20.5],
    grid: 'europe',
    inverters: [{ ratedPowerKw: 6, phases: 1, strings: [pv(14, 350, 180, 35), pv(14, 350, 200, 35)] }],
    battery: { capacityKwh: 10.4, maxChargeKw: 5, maxDischargeKw: 5 },
    heatPump: { ratedPowerKw: 9, heatLossKwPerK: 0.2 },
    evCharger: { ratedPowerKw: 11, usage: 'home' },
    load: { kind: 'household', annualKwh: 4200 },
  },
  {
    name: 'Lyon bakery',
    type: 'commercial',
    country: 'FR',
    city: 'Lyon',
    latitude: 45.764,
    longitude: 4.835,
    timeZone: 'Europe/Paris',
    commissioned: '2023-02-15',
    climate: 'southernContinental',
    temperatures: [3.5, 22.5],
    grid: 'europe',
    inverters: [
      { ratedPowerKw: 15, phases: 3, strings: [pv(15, 500, 160, 15), pv(15, 500, 160, 15)] },
      { ratedPowerKw: 15, phases: 3, strings: [pv(15, 500, 200, 15), pv(15, 500, 200, 15)] },
    ],
    meter: true,
    evCharger: { ratedPowerKw: 22, usage: 'workplace' },
    auxiliaries: ['ems'],
    load: {
      kind: 'commercial',
      annualKwh: 42_000,
      opens: 4,
      closes: 13.5,
      workdays: [1, 2, 3, 4, 5, 6],
      baseShare: 0.25,
      coolingKwPerK: 0.3,
    },
  },
  {
    name: 'Sevilla finca',
    type: 'residential',
    country: 'ES',
    city: 'Sevilla',
    latitude: 37.389,
    longitude: -5.984,
    timeZone: 'Europe/Madrid',
    commissioned: '2023-03-20',
    climate: 'mediterranean',
    temperatures: [11, 28.5],
    grid: 'europe',
    inverters: [{ ratedPowerKw: 8, phases: 1, strings: [pv(15, 400, 180, 25), pv(15, 400, 180, 25)] }],
    battery: { capacityKwh: 10.4, maxChargeKw: 5, maxDischargeKw: 5 },
    load: { kind: 'household', annualKwh: 5500 },
  },
  {
    name: 'Porto warehouse',
    type: 'commercial',
    country: 'PT',
    city: 'Porto',
    latitude: 41.157,
    longitude: -8.629,
    timeZone: 'Europe/Lisbon',
    commissioned: '2023-06-05',
    climate: 'atlantic',
    temperatures: [10, 21],
    grid: 'europe',
    inverters: [
      { ratedPowerKw: 25, phases: 3, strings: [pv(19, 500, 180, 10), pv(18, 500, 180, 10), pv(18, 500, 180, 10)] },
      { ratedPowerKw: 25, phases: 3, strings: [pv(19, 500, 180, 10), pv(18, 500, 180, 10), pv(18, 500, 180, 10)] },
    ],
    meter: true,
    evCharger: { ratedPowerKw: 22, usage: 'workplace' },
    auxiliaries: ['gateway'],
    load: { kind: 'commercial', annualKwh: 60_000, opens: 7, closes: 19, workdays: weekdays, baseShare: 0.3 },
    // The grid operator allows 30 kW of export: PV is curtailed above it on sunny weekends.
    settings: { ExportLimit: 30 },
  },
  {
    name: 'Munich townhouse',
    type: 'residential',
    country: 'DE',
    city: 'Munich',
    latitude: 48.137,
    longitude: 11.575,
    timeZone: 'Europe/Berlin',
    commissioned: '2023-07-14',
    climate: 'central',
    temperatures: [0, 19.5],
    grid: 'europe',
    inverters: [{ ratedPowerKw: 8, phases: 3, strings: [pv(10, 400, 180, 30), pv(9, 400, 270, 30)] }],
    battery: { capacityKwh: 7.7, maxChargeKw: 4, maxDischargeKw: 4 },
    meter: true,
    heatPump: { ratedPowerKw: 7, heatLossKwPerK: 0.15 },
    load: { kind: 'household', annualKwh: 3800 },
  },
  {
    name: 'Vierlande dairy farm',
    type: 'commercial',
    country: 'DE',
    city: 'Hamburg',
    latitude: 53.468,
    longitude: 10.206,
    timeZone: 'Europe/Berlin',
    commissioned: '2019-06-03',
    climate: 'oceanic',
    temperatures: [1.5, 17.5],
    grid: 'europe',
    inverters: [
      { ratedPowerKw: 30, phases: 3, strings: [pv(17, 440, 90, 20, 2), pv(17, 440, 270, 20, 2)] },
      { ratedPowerKw: 30, phases: 3, strings: [pv(17, 440, 90, 20, 2), pv(17, 440, 270, 20, 2)] },
      { ratedPowerKw: 30, phases: 3, strings: [pv(17, 440, 180, 20, 2), pv(17, 440, 180, 20, 2)] },
    ],
    meter: true,
    load: { kind: 'commercial', annualKwh: 110_000, opens: 5, closes: 20, workdays: everyDay, baseShare: 0.45 },
  },
  {
    name: 'Vienna office',
    type: 'commercial',
    country: 'AT',
    city: 'Vienna',
    latitude: 48.208,
    longitude: 16.373,
    timeZone: 'Europe/Vienna',
    commissioned: '2021-04-22',
    climate: 'central',
    temperatures: [0.5, 21],
    grid: 'europe',
    inverters: [
      { ratedPowerKw: 20, phases: 3, strings: [pv(20, 500, 180, 15), pv(20, 500, 180, 15)] },
      { ratedPowerKw: 20, phases: 3, strings: [pv(20, 500, 180, 15), pv(20, 500, 180, 15)] },
    ],
    meter: true,
    evCharger: { ratedPowerKw: 11, usage: 'workplace' },
    load: { kind: 'commercial', annualKwh: 70_000, opens: 7.5, closes: 18.5, workdays: weekdays, baseShare: 0.3, coolingKwPerK: 0.8 },
  },
  {
    name: 'Zurich villa',
    type: 'residential',
    country: 'CH',
    city: 'Zurich',
    latitude: 47.377,
    longitude: 8.541,
    timeZone: 'Europe/Zurich',
    commissioned: '2022-10-03',
    climate: 'central',
    temperatures: [0.5, 19],
    grid: 'europe',
    inverters: [{ ratedPowerKw: 10, phases: 3, strings: [pv(14, 400, 135, 30), pv(14, 400, 225, 30)] }],
    battery: { capacityKwh: 13.8, maxChargeKw: 6, maxDischargeKw: 6 },
    meter: true,
    evCharger: { ratedPowerKw: 11, usage: 'home' },
    heatPump: { ratedPowerKw: 10, heatLossKwPerK: 0.22 },
    load: { kind: 'household', annualKwh: 4800 },
  },
  {
    name: 'Amsterdam canal house',
    type: 'residential',
    country: 'NL',
    city: 'Amsterdam',
    latitude: 52.37,
    longitude: 4.895,
    timeZone: 'Europe/Amsterdam',
    commissioned: '2020-08-19',
    climate: 'oceanic',
    temperatures: [3.5, 18],
    grid: 'europe',
    inverters: [{ ratedPowerKw: 5, phases: 1, strings: [pv(12, 400, 180, 40)] }],
    load: { kind: 'household', annualKwh: 2900 },
  },
  {
    name: 'Milan workshop',
    type: 'commercial',
    country: 'IT',
    city: 'Milan',
    latitude: 45.464,
    longitude: 9.19,
    timeZone: 'Europe/Rome',
    commissioned: '2022-02-15',
    climate: 'southernContinental',
    temperatures: [2.5, 24.5],
    grid: 'europe',
    inverters: [
      { ratedPowerKw: 25, phases: 3, strings: [pv(13, 500, 180, 10, 2), pv(12, 500, 180, 10, 2)] },
      { ratedPowerKw: 20, phases: 3, strings: [pv(20, 500, 180, 10), pv(20, 500, 180, 10)] },
    ],
    battery: { capacityKwh: 40, maxChargeKw: 20, maxDischargeKw: 20, highVoltage: true },
    meter: true,
    auxiliaries: ['ems'],
    load: { kind: 'commercial', annualKwh: 80_000, opens: 7.5, closes: 17.5, workdays: weekdays, baseShare: 0.2, coolingKwPerK: 1 },
  },
  {
    name: 'Palermo villa',
    type: 'residential',
    country: 'IT',
    city: 'Palermo',
    latitude: 38.116,
    longitude: 13.361,
    timeZone: 'Europe/Rome',
    commissioned: '2023-05-30',
    climate: 'mediterranean',
    temperatures: [11.5, 26.5],
    grid: 'europe',
    inverters: [{ ratedPowerKw: 6, phases: 1, strings: [pv(15, 400, 180, 20)] }],
    battery: { capacityKwh: 10, maxChargeKw: 5, maxDischargeKw: 5 },
    load: { kind: 'household', annualKwh: 3600 },
  },
  {
    name: 'Krakow family house',
    type: 'residential',
    country: 'PL',
    city: 'Krakow',
    latitude: 50.065,
    longitude: 19.945,
    timeZone: 'Europe/Warsaw',
    commissioned: '2021-07-08',
    climate: 'central',
    temperatures: [-1.5, 19.5],
    grid: 'europe',
    inverters: [{ ratedPowerKw: 10, phases: 3, strings: [pv(12, 400, 180, 35), pv(11, 400, 180, 35)] }],
    battery: { capacityKwh: 10.4, maxChargeKw: 5, maxDischargeKw: 5 },
    meter: true,
    heatPump: { ratedPowerKw: 9, heatLossKwPerK: 0.2 },
    load: { kind: 'household', annualKwh: 3500 },
  },
  {
    name: 'Brno school',
    type: 'commercial',
    country: 'CZ',
    city: 'Brno',
    latitude: 49.195,
    longitude: 16.608,
    timeZone: 'Europe/Prague',
    commissioned: '2020-09-01',
    climate: 'central',
    temperatures: [-0.5, 20.5],
    grid: 'europe',
    inverters: [
      { ratedPowerKw: 30, phases: 3, strings: [pv(15, 500, 180, 15, 2), pv(15, 500, 180, 15, 2)] },
      { ratedPowerKw: 30, phases: 3, strings: [pv(15, 500, 180, 15, 2), pv(15, 500, 180, 15, 2)] },
    ],
    meter: true,
    load: { kind: 'commercial', annualKwh: 90_000, opens: 7, closes: 16, workdays: weekdays, baseShare: 0.2 },
  },
  {
    name: 'Cluj family home',
    type: 'residential',
    country: 'RO',
    city: 'Cluj-Napoca',
    latitude: 46.771,
    longitude: 23.624,
    timeZone: 'Europe/Bucharest',
    commissioned: '2024-04-10',
    climate: 'southernContinental',
    temperatures: [-2.5, 20],
    grid: 'europe',
    inverters: [{ ratedPowerKw: 6, phases: 1, strings: [pv(14, 400, 180, 30)] }],
    battery: { capacityKwh: 5, maxChargeKw: 2.5, maxDischargeKw: 2.5 },
    load: { kind: 'household', annualKwh: 2800 },
  },
  {
    name: 'Antalya beach hotel',
    type: 'commercial',
    country: 'TR',
    city: 'Antalya',
    latitude: 36.897,
    longitude: 30.713,
    timeZone: 'Europe/Istanbul',
    commissioned: '2022-06-20',
    climate: 'mediterranean',
    temperatures: [10.5, 28.5],
    grid: 'europe',
    inverters: [
      { ratedPowerKw: 30, phases: 3, strings: [pv(15, 500, 180, 15, 2), pv(15, 500, 180, 15, 2)] },
      { ratedPowerKw: 30, phases: 3, strings: [pv(15, 500, 180, 15, 2), pv(15, 500, 180, 15, 2)] },
      { ratedPowerKw: 20, phases: 3, strings: [pv(20, 500, 180, 15), pv(20, 500, 180, 15)] },
    ],
    battery: { capacityKwh: 60, maxChargeKw: 30, maxDischargeKw: 30, highVoltage: true },
    meter: true,
    auxiliaries: ['ems', 'gateway'],
    load: { kind: 'commercial', annualKwh: 250_000, opens: 6, closes: 23, workdays: everyDay, baseShare: 0.5, coolingKwPerK: 3 },
  },
  {
    name: 'Madrid office rooftop',
    type: 'commercial',
    country: 'ES',
    city: 'Madrid',
    latitude: 40.417,
    longitude: -3.704,
    timeZone: 'Europe/Madrid',
    commissioned: '2021-12-01',
    climate: 'mediterranean',
    temperatures: [6.5, 26],
    grid: 'europe',
    inverters: [{ ratedPowerKw: 25, phases: 3, strings: [pv(13, 500, 180, 10, 2), pv(12, 500, 180, 10, 2)] }],
    battery: { capacityKwh: 20, maxChargeKw: 10, maxDischargeKw: 10, highVoltage: true },
    meter: true,
    load: { kind: 'commercial', annualKwh: 45_000, opens: 8, closes: 19, workdays: weekdays, baseShare: 0.25, coolingKwPerK: 1.2 },
    // Cheap night power: charge to 60 % before the working day.
    settings: {
      WorkMode: 'TimePeriods',
      SchedulePeriods: [{ start: '02:00', end: '05:00', mode: 'ForceCharge', minSocOnGrid: 10, fdSoc: 10, fdPwr: 6000, maxSoc: 60 }],
    },
  },
  {
    name: 'Adelaide hills home',
    type: 'residential',
    country: 'AU',
    city: 'Adelaide',
    latitude: -34.929,
    longitude: 138.601,
    timeZone: 'Australia/Adelaide',
    commissioned: '2021-02-11',
    climate: 'semiArid',
    temperatures: [11.5, 23.5],
    grid: 'australia',
    // 6.6 kWp on a 5 kW inverter, as is common there: clips at noon on clear days.
    inverters: [{ ratedPowerKw: 5, phases: 1, strings: [pv(15, 440, 0, 20)] }],
    battery: { capacityKwh: 13.5, maxChargeKw: 5, maxDischargeKw: 5 },
    load: { kind: 'household', annualKwh: 5000 },
  },
  {
    name: 'Sao Paulo shop',
    type: 'commercial',
    country: 'BR',
    city: 'Sao Paulo',
    latitude: -23.551,
    longitude: -46.633,
    timeZone: 'America/Sao_Paulo',
    commissioned: '2022-08-25',
    climate: 'subtropicalHighland',
    temperatures: [16, 23.5],
    grid: 'brazil',
    inverters: [{ ratedPowerKw: 20, phases: 3, strings: [pv(20, 500, 0, 15), pv(20, 500, 0, 15)] }],
    meter: true,
    load: { kind: 'commercial', annualKwh: 30_000, opens: 9, closes: 20, workdays: [1, 2, 3, 4, 5, 6], baseShare: 0.2, coolingKwPerK: 0.8 },
  },
  {
    name: 'Sacramento bungalow',
    type: 'residential',
    country: 'US',
    city: 'Sacramento',
    latitude: 38.582,
    longitude: -121.494,
    timeZone: 'America/Los_Angeles',
    commissioned: '2020-05-18',
    climate: 'semiArid',
    temperatures: [8.5, 25],
    grid: 'usa',
    inverters: [{ ratedPowerKw: 8, phases: 1, strings: [pv(18, 400, 180, 22)] }],
    battery: { capacityKwh: 13.5, maxChargeKw: 5, maxDischargeKw: 5 },
    meter: true,
    evCharger: { ratedPowerKw: 9.6, usage: 'home' },
    load: { kind: 'household', annualKwh: 6500 },
  },
  {
    name: 'Seoul rooftop',
    type: 'commercial',
    country: 'KR',
    city: 'Seoul',
    latitude: 37.566,
    longitude: 126.978,
    timeZone: 'Asia/Seoul',
    commissioned: '2023-01-16',
    climate: 'monsoon',
    temperatures: [-2, 25.5],
    grid: 'korea',
    inverters: [{ ratedPowerKw: 30, phases: 3, strings: [pv(15, 500, 180, 20, 2), pv(15, 500, 180, 20, 2)] }],
    meter: true,
    load: { kind: 'commercial', annualKwh: 50_000, opens: 9, closes: 18, workdays: weekdays, baseShare: 0.25 },
  },
];

/**
 * The same plant behind another datalogger (tests, extra fleets): every device SN takes the new
 * datalogger SN as its stem, so it is unique wherever the datalogger SN is.
 */
export function withDatalogger(plant: PlantDefinition, dataloggerSn: string): PlantDefinition {
  const copy = structuredClone(plant);
  copy.datalogger.sn = dataloggerSn;
  const renamed = (sn: string) => deviceSn(sn.slice(2, 7), `D${dataloggerSn}`, Number(sn.slice(-3)));
  for (const device of [...copy.inverters, copy.battery, copy.meter, copy.evCharger, copy.heatPump, ...(copy.auxiliaries ?? [])]) {
    if (device) device.sn = renamed(device.sn);
  }
  return copy;
}

export const DEMO_FLEET: PlantDefinition[] = SPECS.map((spec, i) => definePlant(i + 1, spec));

/** The demo fleet as the platform's seed needs it: plant fields, datalogger SN and devices. */
export const DEMO_FLEET_METADATA: PlantMetadata[] = DEMO_FLEET.map(plantMetadata);
