/**
 * A battery seen from its terminals: power in (charge) or out (discharge) within its limits and
 * the SoC window, efficiency losses inside, a temperature that follows its surroundings and warms
 * with current, and a state of health that fades with cycles.
 */

export interface BatterySpec {
  capacityKwh: number;
  maxChargeKw: number;
  maxDischargeKw: number;
  /** 51.2 for a low-voltage LFP stack, 200-400 for a high-voltage one. */
  nominalVolt: number;
}

/** One-way efficiency at the terminals (round trip about 95 %). */
export const BATTERY_EFFICIENCY = 0.975;
/** Health lost per equivalent full cycle, % (about 2 % a year at 250 cycles). */
const SOH_FADE_PER_CYCLE = 0.008;
/** Minutes for the battery temperature to close 63 % of the gap to its surroundings. */
const THERMAL_TIME_CONSTANT_MIN = 90;

export interface BatteryFlow {
  /** Accepted power at the terminals, kW: positive charges, negative discharges. */
  powerKw: number;
  soc: number;
}

/** Charging slows down as the battery fills (constant-voltage phase above 90 %). */
export function chargeLimitKw(spec: BatterySpec, soc: number): number {
  return spec.maxChargeKw * Math.min(1, Math.max(0.1, (100 - soc) / 10));
}

export function dischargeLimitKw(spec: BatterySpec): number {
  return spec.maxDischargeKw;
}

/**
 * Applies a requested power for `hours`, clipped to the power limits and to the SoC window
 * [minSoc, maxSoc]: a battery already outside the window only moves back towards it.
 */
export function applyBatteryPower(
  spec: BatterySpec,
  soc: number,
  requestKw: number,
  hours: number,
  minSoc: number,
  maxSoc: number,
): BatteryFlow {
  const usableKwh = spec.capacityKwh;
  if (requestKw > 0) {
    const roomKwh = Math.max(0, ((maxSoc - soc) / 100) * usableKwh);
    const powerKw = Math.min(requestKw, chargeLimitKw(spec, soc), roomKwh / BATTERY_EFFICIENCY / hours);
    return { powerKw, soc: soc + ((powerKw * hours * BATTERY_EFFICIENCY) / usableKwh) * 100 };
  }
  if (requestKw < 0) {
    const availableKwh = Math.max(0, ((soc - minSoc) / 100) * usableKwh);
    const powerKw = Math.min(-requestKw, dischargeLimitKw(spec), (availableKwh * BATTERY_EFFICIENCY) / hours);
    return { powerKw: -powerKw, soc: soc - ((powerKw * hours) / BATTERY_EFFICIENCY / usableKwh) * 100 };
  }
  return { powerKw: 0, soc };
}

/** Temperature after `hours`: drifts to the room (half-way between outdoors and 20 °C) and warms with power. */
export function batteryTemperature(spec: BatterySpec, previous: number, powerKw: number, airTemperature: number, hours: number): number {
  const room = (airTemperature + 20) / 2;
  const selfHeating = 6 * (Math.abs(powerKw) / Math.max(spec.maxChargeKw, spec.maxDischargeKw)) ** 2;
  const target = room + selfHeating;
  const blend = 1 - Math.exp((-hours * 60) / THERMAL_TIME_CONSTANT_MIN);
  return previous + (target - previous) * blend;
}

export function stateOfHealth(spec: BatterySpec, dischargedKwh: number): number {
  return Math.max(70, 100 - (dischargedKwh / spec.capacityKwh) * SOH_FADE_PER_CYCLE);
}

/** Terminal voltage: open-circuit voltage rising with SoC, plus the drop or rise across the internal resistance. */
export function batteryElectrical(spec: BatterySpec, soc: number, powerKw: number): { volt: number; current: number } {
  const openCircuit = spec.nominalVolt * (0.94 + 0.1 * (soc / 100));
  const resistance = (0.02 * spec.nominalVolt) / ((spec.maxChargeKw * 1000) / spec.nominalVolt);
  const current = (powerKw * 1000) / openCircuit;
  return { volt: openCircuit + current * resistance, current };
}
