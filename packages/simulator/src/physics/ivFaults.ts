import {
  cellTemperatureOf,
  HEALTHY,
  type IvPoint,
  type ModuleCondition,
  type ModuleDatasheet,
  type StringLayout,
  stringCurve,
} from '@sunstack/shared';
import { hashString } from '../random.ts';
import { moduleAtStc, type PvString } from './pv.ts';

/**
 * Faults the simulator can put on a PV string for I-V scans (issue 24), each drawn as the physics of its
 * cause so that the platform's diagnosis is tested against a known one: an open string gives no curve;
 * shade on a third of the modules, or a cracked cell's lost area on one module, makes bypass diodes conduct
 * (steps); soiling dims every module evenly (low Isc, normal shape); potential-induced degradation lowers
 * the shunt resistance; corroded connectors raise the series resistance; a worn module's knee rounds (a
 * higher ideality factor); modules of different bins mismatch (a shallow step).
 */
export const IV_FAULTS = ['open', 'shading', 'crackedCells', 'soiling', 'pid', 'seriesResistance', 'degradation', 'mismatch'] as const;
export type IvFault = (typeof IV_FAULTS)[number];

/** The datasheet of a simulated module of this nameplate power: the string model's STC figures, 60 cells, usual coefficients. */
export function datasheetOf(moduleWp: number): ModuleDatasheet {
  return { ...moduleAtStc(moduleWp), cells: 60, iscTempCoeff: 0.05, vocTempCoeff: -0.28 };
}

const condition = (change: Partial<ModuleCondition>): ModuleCondition => ({ ...HEALTHY, ...change });

/** The string's modules as groups in their conditions; undefined for an open string (no current flows). */
export function layoutOf(pv: Pick<PvString, 'series' | 'parallel' | 'moduleWp'>, fault?: IvFault): StringLayout | undefined {
  const module = datasheetOf(pv.moduleWp);
  const all = (change: Partial<ModuleCondition>) => [{ count: pv.series, condition: condition(change) }];
  const split = (affected: number, change: Partial<ModuleCondition>) => [
    { count: pv.series - affected, condition: HEALTHY },
    { count: affected, condition: condition(change) },
  ];
  const groups = (() => {
    switch (fault) {
      case 'open':
        return undefined;
      case 'shading':
        return split(Math.max(1, Math.round(pv.series / 3)), { light: 0.35 });
      case 'crackedCells':
        return split(1, { light: 0.45 });
      case 'soiling':
        return all({ light: 0.8 });
      case 'pid':
        return all({ shuntResistance: 0.05 });
      case 'seriesResistance':
        return all({});
      case 'degradation':
        return all({ ideality: 1.8 });
      case 'mismatch':
        return split(Math.floor(pv.series / 2), { light: 0.88 });
      default:
        return all({});
    }
  })();
  // A bad connector: a fifth of the string's own characteristic resistance (Voc / Isc) more in series.
  const wiringResistance = fault === 'seriesResistance' ? (0.2 * pv.series * module.voc) / (module.isc * pv.parallel) : 0;
  return groups && { module, groups, parallel: pv.parallel, wiringResistance };
}

/** Faults of strings that I-V scans show: per inverter SN, per string number (from 1). */
export type IvFaults = Record<string, Record<number, IvFault>>;

/**
 * An `iv.scan` answer (protocol.md): each string's curve, with the plane-of-array irradiance (W/m², the
 * inverter's sensor) and cell temperature (°C) it was measured at, which the platform's expected curve needs.
 */
export interface IvScanResult {
  strings: { string: number; points: IvPoint[]; irradiance?: number; temperature?: number }[];
}

/** The strings' curves as they are now. A soiled string's sensor still reads the full light: the modules get less of it. */
export function ivScanOf(
  strings: readonly PvString[],
  planeOfArray: (pv: PvString) => number,
  airTemperature: number,
  faults: Record<number, IvFault> = {},
): IvScanResult {
  return {
    strings: strings.map((pv, index) => {
      const irradiance = planeOfArray(pv);
      const temperature = cellTemperatureOf(airTemperature, irradiance);
      const layout = layoutOf(pv, faults[index + 1]);
      return {
        string: index + 1,
        points: layout ? stringCurve(layout, irradiance, temperature) : [],
        irradiance: Math.round(irradiance),
        temperature: Math.round(temperature * 10) / 10,
      };
    }),
  };
}

/**
 * The demo fleet's faulty strings: about one inverter in three has one, its fault and string chosen by the
 * inverter's SN, so a demo scan shows every cause somewhere and the same one at every start.
 */
export function demoIvFaults(inverters: readonly { sn: string; strings: readonly PvString[] }[]): IvFaults {
  const faults: IvFaults = {};
  for (const inverter of inverters) {
    const hash = hashString(inverter.sn);
    if (hash % 3 !== 0 || inverter.strings.length === 0) continue;
    const fault = IV_FAULTS[Math.floor(hash / 3) % IV_FAULTS.length] as IvFault;
    faults[inverter.sn] = { [(Math.floor(hash / 24) % inverter.strings.length) + 1]: fault };
  }
  return faults;
}
