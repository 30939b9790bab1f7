import { cellTemperature, pvPowerKw } from '@sunstack/shared';
/** PV strings: DC power with temperature derating, the MPP voltage and current (I-V curves: ivFaults.ts). */

/** One MPPT input: `series` modules in a string, `parallel` such strings, all facing one way. */
export interface PvString {
  series: number;
  parallel: number;
  /** Module nameplate power at STC, W. */
  moduleWp: number;
  /** Compass bearing the modules face: 0 north, 90 east, 180 south, 270 west. */
  azimuth: number;
  /** Inclination from horizontal, 0-90. */
  tilt: number;
}

export interface StringOutput {
  powerKw: number;
  volt: number;
  current: number;
  cellTemperature: number;
}

const VOLTAGE_TEMPERATURE_COEFFICIENT = -0.0035;

export function stringPeakKw(pv: PvString): number {
  return (pv.series * pv.parallel * pv.moduleWp) / 1000;
}

/** STC electrical figures of a module of this size (typical 60/66/72-cell datasheets). */
export function moduleAtStc(moduleWp: number) {
  const vmp = 31 + (moduleWp - 350) * 0.05;
  const imp = moduleWp / vmp;
  return { vmp, imp, voc: vmp * 1.2, isc: imp * 1.06 };
}

/** The string's output at its maximum power point for plane-of-array irradiance (W/m²) and air temperature. */
export function stringOutput(pv: PvString, irradiance: number, airTemperature: number): StringOutput {
  const cellTemp = cellTemperature(airTemperature, irradiance);
  const powerKw = pvPowerKw(stringPeakKw(pv), irradiance, airTemperature);
  if (powerKw === 0) return { powerKw: 0, volt: 0, current: 0, cellTemperature: cellTemp };
  const relative = irradiance / 1000;
  const module = moduleAtStc(pv.moduleWp);
  const volt = pv.series * module.vmp * (1 + VOLTAGE_TEMPERATURE_COEFFICIENT * (cellTemp - 25)) * (1 + 0.03 * Math.log(relative));
  return { powerKw, volt, current: volt > 0 ? (powerKw * 1000) / volt : 0, cellTemperature: cellTemp };
}
