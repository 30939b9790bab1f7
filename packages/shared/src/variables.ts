import { ENERGY_COUNTERS } from './protocol.ts';

/**
 * The variables protocol.md names, and those of EMS and gateways it leaves open, with their units
 * (power kW, energy kWh, V, A, Hz, °C, %, signal dBm; states, counts and ratios without one), in the
 * order a device's values are listed. Devices may send others: those are kept and shown by their own name.
 */
export const VARIABLE_UNITS = {
  pvPower: 'kW',
  generationPower: 'kW',
  feedinPower: 'kW',
  gridConsumptionPower: 'kW',
  loadsPower: 'kW',
  meterPower: 'kW',
  batChargePower: 'kW',
  batDischargePower: 'kW',
  RVolt: 'V',
  RCurrent: 'A',
  RFreq: 'Hz',
  invTemperation: '°C',
  ambientTemperation: '°C',
  runningState: '',
  SoC: '%',
  SOH: '%',
  batVolt: 'V',
  batCurrent: 'A',
  batTemperature: '°C',
  ResidualEnergy: 'kWh',
  chargePower: 'kW',
  sessionEnergy: 'kWh',
  connectorState: '',
  hpPower: 'kW',
  flowTemp: '°C',
  returnTemp: '°C',
  cop: '',
  // An EMS: the devices it manages, and the site's flows as it sees them (grid positive on import, battery positive charging).
  managedDevices: '',
  sitePvPower: 'kW',
  siteLoadPower: 'kW',
  siteGridPower: 'kW',
  siteBatteryPower: 'kW',
  // A gateway: the devices on its field bus, and the signal of its link to the platform.
  connectedDevices: '',
  linkSignal: 'dBm',
  ...(Object.fromEntries(ENERGY_COUNTERS.map((counter) => [counter, 'kWh'])) as Record<(typeof ENERGY_COUNTERS)[number], 'kWh'>),
} as const;
export type KnownVariable = keyof typeof VARIABLE_UNITS;

/** A PV string's own values, numbered from 1: `pv1Volt`, `pv2Current`, `pv4Power`. */
const PV_STRING = /^pv([1-9][0-9]?)(Volt|Current|Power)$/;
const PV_STRING_UNITS = { Volt: 'V', Current: 'A', Power: 'kW' } as const;
export type PvStringQuantity = keyof typeof PV_STRING_UNITS;

/** What a variable's name tells: a known variable, a PV string's value, or a name only its device knows. */
export type VariableKind =
  | { kind: 'known'; name: KnownVariable; unit: string }
  | { kind: 'pvString'; string: number; quantity: PvStringQuantity; unit: string }
  | { kind: 'other'; unit: '' };

const isKnown = (name: string): name is KnownVariable => Object.hasOwn(VARIABLE_UNITS, name);

export function variableKind(name: string): VariableKind {
  if (isKnown(name)) return { kind: 'known', name, unit: VARIABLE_UNITS[name] };
  const pvString = PV_STRING.exec(name);
  if (pvString) {
    const quantity = pvString[2] as PvStringQuantity;
    return { kind: 'pvString', string: Number(pvString[1]), quantity, unit: PV_STRING_UNITS[quantity] };
  }
  return { kind: 'other', unit: '' };
}

const ORDER = new Map<string, number>(Object.keys(VARIABLE_UNITS).map((name, i) => [name, i]));
const PV_QUANTITIES = Object.keys(PV_STRING_UNITS);

/** Orders variable names for a list: protocol.md's in their order, PV strings after PV power, then the others by name. */
export function compareVariables(a: string, b: string): number {
  const rank = (name: string) => {
    const kind = variableKind(name);
    if (kind.kind === 'known') return ORDER.get(name) ?? 0;
    // Between PV power (rank 0) and the next known variable (rank 1).
    if (kind.kind === 'pvString') return (kind.string * PV_QUANTITIES.length + PV_QUANTITIES.indexOf(kind.quantity)) / 1_000;
    return Number.POSITIVE_INFINITY;
  };
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}
