/**
 * I-V curves of PV strings from the single-diode model (issue 24): the simulator draws its strings'
 * curves with it (healthy or with a fault injected) and the server draws the curve a string should
 * show for the measured irradiance and temperature, so both speak of the same physics.
 *
 * A module: I = IL − I0·(e^((V + I·Rs)/(Ns·a·Vt)) − 1) − (V + I·Rs)/Rsh, its five parameters fitted
 * to the datasheet (Isc, Voc, Imp, Vmp at STC) with a fixed ideality factor and shunt resistance and
 * the series resistance that puts the maximum power point on the datasheet's. A string is its
 * modules in series: at each current their voltages add, a module driven past its own current is
 * held at its bypass diodes' forward voltage (the steps of a shaded or cracked string).
 */

/** A module's datasheet values at STC (1000 W/m², 25 °C cell). */
export interface ModuleDatasheet {
  /** Open-circuit voltage, V. */
  voc: number;
  /** Short-circuit current, A. */
  isc: number;
  /** Voltage and current at the maximum power point, V and A. */
  vmp: number;
  imp: number;
  /** Cells in series. */
  cells: number;
  /** Temperature coefficients, % per °C: of Isc (about +0.05) and of Voc (about −0.29). */
  iscTempCoeff: number;
  vocTempCoeff: number;
}

/** What sets a group of identical modules apart from the datasheet (faults of the simulator; all 1 for a healthy module). */
export interface ModuleCondition {
  /** Share of the plane-of-array irradiance its cells get (shade, soiling, a cracked cell's lost area). */
  light: number;
  /** Factors on the fitted series and shunt resistances and on the ideality factor (a worn module's rounder knee). */
  seriesResistance: number;
  shuntResistance: number;
  ideality: number;
}

export const HEALTHY: ModuleCondition = { light: 1, seriesResistance: 1, shuntResistance: 1, ideality: 1 };

/** A string: groups of modules in series (count and condition), `parallel` such strings on one input. */
export interface StringLayout {
  module: ModuleDatasheet;
  groups: { count: number; condition: ModuleCondition }[];
  parallel: number;
  /** Resistance outside the modules (a corroded connector, a thin or long cable), ohms; 0 when sound. */
  wiringResistance?: number;
}

export type IvPoint = [volt: number, current: number];

const BOLTZMANN_OVER_CHARGE = 8.617333e-5;
const IDEALITY = 1.3;
/** A module's three bypass diodes conducting: about 0.5 V each. */
const BYPASS_VOLT = -1.5;
/** Below this the curve is not worth drawing (night). */
const MIN_IRRADIANCE = 20;

interface DiodeParameters {
  light: number;
  saturation: number;
  /** Ns·a·Vt, V. */
  thermal: number;
  rs: number;
  rsh: number;
}

const thermalVoltage = (cells: number, ideality: number, cellTemperature: number) =>
  cells * ideality * BOLTZMANN_OVER_CHARGE * (cellTemperature + 273.15);

/** The module's current at `volt`, by Newton's method on the implicit equation (monotone: converges from Isc). */
function currentAt(p: DiodeParameters, volt: number): number {
  let current = p.light;
  for (let i = 0; i < 50; i++) {
    const x = volt + current * p.rs;
    const exp = Math.exp(Math.min(x / p.thermal, 700));
    const f = p.light - p.saturation * (exp - 1) - x / p.rsh - current;
    const df = -p.saturation * exp * (p.rs / p.thermal) - p.rs / p.rsh - 1;
    const step = f / df;
    current -= step;
    if (Math.abs(step) < 1e-9) break;
  }
  return current;
}

/** The module's voltage at `current` (below its bypass diodes' voltage they conduct). */
function voltAt(p: DiodeParameters, current: number): number {
  // x = V + I·Rs solves light − I0·(e^(x/thermal) − 1) − x/Rsh = current; decreasing in x.
  const excess = p.light - current;
  let x = excess > 0 ? p.thermal * Math.log(excess / p.saturation + 1) : excess * p.rsh;
  for (let i = 0; i < 50; i++) {
    const exp = Math.exp(Math.min(x / p.thermal, 700));
    const f = excess - p.saturation * (exp - 1) - x / p.rsh;
    const df = -(p.saturation * exp) / p.thermal - 1 / p.rsh;
    const step = f / df;
    x -= step;
    if (Math.abs(step) < 1e-9) break;
  }
  return Math.max(x - current * p.rs, BYPASS_VOLT);
}

const fitted = new Map<string, { rs: number; rsh: number }>();

/**
 * The series and shunt resistances that put the model's curve through the datasheet's points: the shunt
 * resistance fixed at 75·Voc/Isc (a few hundred ohms for a usual module), the series resistance found by
 * bisection so that the current at Vmp is Imp.
 */
function resistancesOf(module: ModuleDatasheet) {
  const key = JSON.stringify(module);
  const known = fitted.get(key);
  if (known) return known;
  const rsh = (75 * module.voc) / module.isc;
  const thermal = thermalVoltage(module.cells, IDEALITY, 25);
  const at = (rs: number) => {
    const light = module.isc * (1 + rs / rsh);
    const saturation = (light - module.voc / rsh) / (Math.exp(module.voc / thermal) - 1);
    return currentAt({ light, saturation, thermal, rs, rsh }, module.vmp);
  };
  let low = 0;
  let high = Math.max((module.voc - module.vmp) / module.imp, 1e-3);
  for (let i = 0; i < 40; i++) {
    const middle = (low + high) / 2;
    if (at(middle) > module.imp) low = middle;
    else high = middle;
  }
  const result = { rs: (low + high) / 2, rsh };
  if (fitted.size > 1_000) fitted.clear();
  fitted.set(key, result);
  return result;
}

/** The module's diode parameters at this irradiance (W/m²) and cell temperature (°C), in a condition. */
function parametersAt(module: ModuleDatasheet, irradiance: number, cellTemperature: number, condition: ModuleCondition): DiodeParameters {
  const { rs, rsh } = resistancesOf(module);
  const delta = cellTemperature - 25;
  const thermal = thermalVoltage(module.cells, IDEALITY * condition.ideality, cellTemperature);
  const lightStc = module.isc * (1 + rs / rsh) * (1 + (module.iscTempCoeff / 100) * delta);
  // The saturation current that keeps Voc on its datasheet coefficient at full sun (a worn module's knee rounds about it).
  const vocAtTemperature = module.voc * (1 + (module.vocTempCoeff / 100) * delta);
  const saturation = lightStc / (Math.exp(vocAtTemperature / thermal) - 1);
  const relative = (Math.max(irradiance, 0) / 1000) * condition.light;
  return {
    light: lightStc * relative,
    saturation,
    thermal,
    rs: rs * condition.seriesResistance,
    // The shunt resistance grows as the light falls (De Soto).
    rsh: (rsh * condition.shuntResistance) / Math.max(relative, 0.05),
  };
}

/** Linear interpolation of y at x over points sorted by x. */
function interpolate(xs: number[], ys: number[], x: number): number {
  if (x <= (xs[0] as number)) return ys[0] as number;
  for (let i = 1; i < xs.length; i++) {
    const x1 = xs[i] as number;
    if (x <= x1) {
      const x0 = xs[i - 1] as number;
      const y0 = ys[i - 1] as number;
      return x1 === x0 ? y0 : y0 + (((ys[i] as number) - y0) * (x - x0)) / (x1 - x0);
    }
  }
  return ys[ys.length - 1] as number;
}

/**
 * The string's I-V curve at this plane-of-array irradiance and cell temperature: `points` points evenly
 * spaced in voltage from short circuit to open circuit. Empty in the dark.
 */
export function stringCurve(layout: StringLayout, irradiance: number, cellTemperature: number, points = 100): IvPoint[] {
  if (irradiance < MIN_IRRADIANCE || layout.groups.every((group) => group.count === 0)) return [];
  const groups = layout.groups.map((group) => ({
    count: group.count,
    p: parametersAt(layout.module, irradiance, cellTemperature, group.condition),
  }));
  const highest = Math.max(...groups.map((group) => group.p.light));
  if (highest <= 0) return [];
  // Sweep the current: at each, the modules' voltages add (non-increasing in the current).
  const steps = 400;
  const volts: number[] = [];
  const currents: number[] = [];
  for (let i = 0; i <= steps; i++) {
    const current = (highest * i) / steps;
    const modules = groups.reduce((sum, group) => sum + group.count * voltAt(group.p, current), 0);
    volts.push(modules - current * layout.parallel * (layout.wiringResistance ?? 0));
    currents.push(current);
  }
  // In rising voltage for the interpolation.
  volts.reverse();
  currents.reverse();
  const voc = volts[volts.length - 1] as number;
  if (voc <= 0) return [];
  const curve: IvPoint[] = [];
  for (let i = 0; i < points; i++) {
    const volt = (voc * i) / (points - 1);
    const current = Math.max(0, interpolate(volts, currents, volt)) * layout.parallel;
    curve.push([round(volt, 2), round(current, 4)]);
  }
  return curve;
}

/** The key points of a curve: short-circuit current, open-circuit voltage, the maximum power point and the fill factor. */
export interface KeyPoints {
  isc: number;
  voc: number;
  imp: number;
  vmp: number;
  pmax: number;
  fillFactor: number;
}

/** Key points of a measured or drawn curve (points in rising voltage); undefined when it holds no power (an open string). */
export function keyPointsOf(points: readonly IvPoint[]): KeyPoints | undefined {
  const lit = points.filter(([volt, current]) => Number.isFinite(volt) && Number.isFinite(current));
  if (lit.length < 3) return undefined;
  const isc = (lit[0] as IvPoint)[1];
  // Open circuit: where the current reaches zero, between the last point carrying current and the next.
  let voc = (lit[lit.length - 1] as IvPoint)[0];
  for (let i = 1; i < lit.length; i++) {
    const [v1, i1] = lit[i] as IvPoint;
    if (i1 <= 0) {
      const [v0, i0] = lit[i - 1] as IvPoint;
      voc = i0 > 0 ? v0 + ((v1 - v0) * i0) / (i0 - i1) : v0;
      break;
    }
  }
  let best: IvPoint = [0, 0];
  for (const point of lit) if (point[0] * point[1] > best[0] * best[1]) best = point;
  const pmax = best[0] * best[1];
  if (isc <= 0 || voc <= 0 || pmax <= 0) return undefined;
  return { isc, voc, imp: best[1], vmp: best[0], pmax, fillFactor: pmax / (isc * voc) };
}

/** Cell temperature from the air's: the cell heats 25 K above the air at 800 W/m² (NOCT 45 °C). */
export const cellTemperatureOf = (airTemperature: number, irradiance: number) => airTemperature + (irradiance * 25) / 800;

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
