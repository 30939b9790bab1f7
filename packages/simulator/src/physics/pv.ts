import { cellTemperature, pvPowerKw } from '@sunstack/shared';
/** PV strings: DC power with temperature derating, the MPP voltage and current, and I-V curves. */

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
const OPEN_CIRCUIT_TEMPERATURE_COEFFICIENT = -0.0028;

export function stringPeakKw(pv: PvString): number {
  return (pv.series * pv.parallel * pv.moduleWp) / 1000;
}

/** STC electrical figures of a module of this size (typical 60/66/72-cell datasheets). */
function moduleAtStc(moduleWp: number) {
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

/**
 * An I-V curve from the explicit single-exponential model (I = Isc·(1 − C1·(e^(V/(C2·Voc)) − 1))),
 * fitted through the datasheet's MPP and scaled for irradiance and temperature. Points run from
 * short circuit to open circuit.
 */
export function ivCurve(pv: PvString, irradiance: number, airTemperature: number, points = 40): [number, number][] {
  const module = moduleAtStc(pv.moduleWp);
  const cellTemp = cellTemperature(airTemperature, irradiance);
  const relative = Math.max(irradiance, 0) / 1000;
  const isc = module.isc * relative * (1 + 0.0005 * (cellTemp - 25)) * pv.parallel;
  const voc =
    relative > 0.001
      ? pv.series * module.voc * (1 + OPEN_CIRCUIT_TEMPERATURE_COEFFICIENT * (cellTemp - 25)) * (1 + 0.05 * Math.log(relative))
      : 0;
  if (isc <= 0 || voc <= 0) return [[0, 0]];
  const c2 = (module.vmp / module.voc - 1) / Math.log(1 - module.imp / module.isc);
  const c1 = (1 - module.imp / module.isc) * Math.exp(-module.vmp / (c2 * module.voc));
  const curve: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    const volt = (voc * i) / (points - 1);
    const current = Math.max(0, isc * (1 - c1 * (Math.exp(volt / (c2 * voc)) - 1)));
    curve.push([round(volt, 1), round(current, 3)]);
  }
  return curve;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
