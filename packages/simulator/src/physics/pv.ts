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

/** Power falls 0.4 % per °C of cell temperature above 25 °C. */
export const POWER_TEMPERATURE_COEFFICIENT = -0.004;
const VOLTAGE_TEMPERATURE_COEFFICIENT = -0.0035;
/** Nominal operating cell temperature: the cell heats 25 K above the air at 800 W/m². */
const NOCT = 45;
/** Soiling, wiring, mismatch and ageing between nameplate and the inverter input. */
const DC_LOSSES = 0.93;
/** Below this the inverter does not track (dawn, dusk, deep overcast). */
const MIN_IRRADIANCE = 8;

export function stringPeakKw(pv: PvString): number {
  return (pv.series * pv.parallel * pv.moduleWp) / 1000;
}

/** STC electrical figures of a module of this size (typical 60/66/72-cell datasheets). */
export function moduleAtStc(moduleWp: number) {
  const vmp = 31 + (moduleWp - 350) * 0.05;
  const imp = moduleWp / vmp;
  return { vmp, imp, voc: vmp * 1.2, isc: imp * 1.06 };
}

export function cellTemperature(airTemperature: number, irradiance: number): number {
  return airTemperature + (irradiance * (NOCT - 20)) / 800;
}

/** The string's output at its maximum power point for plane-of-array irradiance (W/m²) and air temperature. */
export function stringOutput(pv: PvString, irradiance: number, airTemperature: number): StringOutput {
  const cellTemp = cellTemperature(airTemperature, irradiance);
  if (irradiance < MIN_IRRADIANCE) return { powerKw: 0, volt: 0, current: 0, cellTemperature: cellTemp };
  const relative = irradiance / 1000;
  const lowLight = 1 + 0.02 * Math.log(relative);
  const temperatureFactor = 1 + POWER_TEMPERATURE_COEFFICIENT * (cellTemp - 25);
  const powerKw = Math.max(0, stringPeakKw(pv) * relative * lowLight * temperatureFactor * DC_LOSSES);
  const module = moduleAtStc(pv.moduleWp);
  const volt = pv.series * module.vmp * (1 + VOLTAGE_TEMPERATURE_COEFFICIENT * (cellTemp - 25)) * (1 + 0.03 * Math.log(relative));
  return { powerKw, volt, current: volt > 0 ? (powerKw * 1000) / volt : 0, cellTemperature: cellTemp };
}
