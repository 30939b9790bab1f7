import { applyBatteryPower, type BatterySpec } from '../physics/battery.ts';
import type { ActiveMode } from './settings.ts';

/**
 * Power flows of one plant for one step: which inverter delivers what, what the battery takes or
 * gives under the active mode, and what crosses the grid meter. The first inverter is hybrid when
 * there is a battery: its DC bus joins its PV and the battery. Every conversion loses
 * (1 - INVERTER_EFFICIENCY), so PV + import + discharge = load + export + charge + conversion losses.
 */

export const INVERTER_EFFICIENCY = 0.97;

export interface InverterInput {
  /** DC power the strings could deliver now, kW. */
  pvKw: number;
  ratedKw: number;
  /** False while a fault or an upgrade stops it. */
  running: boolean;
}

export interface BatteryInput {
  spec: BatterySpec;
  soc: number;
  minSoc: number;
  maxSoc: number;
  active: ActiveMode;
  forceChargeKw: number;
  forceDischargeKw: number;
  running: boolean;
}

export interface DispatchInput {
  inverters: InverterInput[];
  battery?: BatteryInput;
  loadKw: number;
  exportLimitKw: number;
  hours: number;
}

export interface DispatchResult {
  /** DC power actually drawn from each inverter's strings (after clipping and export limiting). */
  pvKw: number[];
  /** AC power of each inverter: positive delivers, negative draws (a hybrid charging from the grid). */
  acKw: number[];
  /** Battery power at its terminals: positive charges. */
  batteryKw: number;
  soc: number;
  /** Grid meter: positive imports, negative exports. */
  gridKw: number;
}

const eta = INVERTER_EFFICIENCY;
/** DC bus power behind an AC power (inverting loses on the way out, rectifying on the way in). */
const dcFor = (acKw: number) => (acKw >= 0 ? acKw / eta : acKw * eta);
const acFor = (dcKw: number) => (dcKw >= 0 ? dcKw * eta : dcKw / eta);

export function dispatch(input: DispatchInput): DispatchResult {
  const { inverters, battery, loadKw, exportLimitKw, hours } = input;
  const pvKw = inverters.map((inverter) => (inverter.running ? inverter.pvKw : 0));
  const acKw = inverters.map(() => 0);
  const hybrid = battery ? 0 : -1;

  // Plain inverters: convert, clipped at their rating.
  for (let i = 0; i < inverters.length; i++) {
    if (i === hybrid) continue;
    const rated = (inverters[i] as InverterInput).ratedKw;
    pvKw[i] = Math.min(pvKw[i] as number, rated / eta);
    acKw[i] = (pvKw[i] as number) * eta;
  }

  let batteryKw = 0;
  let soc = battery?.soc ?? 0;
  if (battery && hybrid === 0) {
    const inverter = inverters[0] as InverterInput;
    const rated = inverter.ratedKw;
    const pv = pvKw[0] as number;
    const othersAc = acKw.reduce((sum, kw, i) => (i === hybrid ? sum : sum + kw), 0);
    const batteryRuns = battery.running && inverter.running;
    // What the hybrid would have to deliver for the meter to read zero, and the battery power that gives it.
    const balancing = pv - dcFor(loadKw - othersAc);
    let request = 0;
    const { active } = battery;
    let minSoc = active.minSoc ?? battery.minSoc;
    const maxSoc = active.maxSoc ?? battery.maxSoc;
    switch (active.mode) {
      case 'SelfUse':
        request = balancing;
        break;
      case 'FeedInPriority':
        // Export first (up to the limit); only the surplus beyond it charges. Deficits discharge as in self use.
        request = balancing > 0 ? Math.max(0, pv - dcFor(loadKw - othersAc + exportLimitKw)) : balancing;
        break;
      case 'Backup':
        // Keep the battery full for outages: charge from PV and the grid, never discharge on grid.
        request = Math.max(balancing, battery.forceChargeKw, 0);
        break;
      case 'ForceCharge':
        request = Math.max(balancing, active.powerKw ?? battery.forceChargeKw);
        break;
      case 'ForceDischarge':
        request = -(active.powerKw ?? battery.forceDischargeKw);
        if (active.fdSoc !== undefined) minSoc = Math.max(minSoc, active.fdSoc);
        break;
      case 'PeakShaving': {
        // The battery power that holds the import at the limit: discharging covers what exceeds it, below it
        // there is room to charge from the grid. Above the reserve it runs as self use (the meter near zero,
        // under the limit); at or below the reserve it only shaves what exceeds the limit and recharges with the room.
        const atLimit = pv - dcFor(loadKw - othersAc - (active.importLimitKw ?? 0));
        request = soc > (active.reserveSoc ?? 0) ? balancing : atLimit > 0 ? Math.max(balancing, atLimit) : atLimit;
        break;
      }
    }
    if (!batteryRuns) request = 0;
    // The hybrid's AC side bounds what the battery can do through it.
    request = Math.min(request, pv + rated * eta);
    request = Math.max(request, pv - rated / eta);
    batteryKw = applyBatteryPower(battery.spec, soc, request, hours, minSoc, maxSoc).powerKw;

    // PV beyond what the AC side and the battery can take is curtailed.
    const usablePv = Math.min(pv, rated / eta + batteryKw);
    pvKw[0] = Math.max(0, usablePv);
    acKw[0] = acFor((pvKw[0] as number) - batteryKw);

    // Export limit: first discharge less, then curtail PV (plain inverters first, then the hybrid's).
    let excess = -(loadKw - sum(acKw)) - exportLimitKw;
    if (excess > 0 && batteryKw < 0) {
      const less = Math.min(-batteryKw, excess / eta);
      batteryKw += less;
      acKw[0] = acFor((pvKw[0] as number) - batteryKw);
      excess = -(loadKw - sum(acKw)) - exportLimitKw;
    }
    soc = applyBatteryPower(battery.spec, soc, batteryKw, hours, minSoc, maxSoc).soc;
    curtail(excess, pvKw, acKw, batteryKw, hybrid);
  } else {
    const excess = -(loadKw - sum(acKw)) - exportLimitKw;
    curtail(excess, pvKw, acKw, 0, hybrid);
  }
  return { pvKw, acKw, batteryKw, soc, gridKw: loadKw - sum(acKw) };
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Lowers AC output by `excess` kW by drawing less PV, plain inverters first. */
function curtail(excess: number, pvKw: number[], acKw: number[], batteryKw: number, hybrid: number) {
  let remaining = excess;
  const order = acKw.map((_, i) => i).sort((a, b) => (a === hybrid ? 1 : 0) - (b === hybrid ? 1 : 0));
  for (const i of order) {
    if (remaining <= 1e-9) return;
    const ac = acKw[i] as number;
    if (ac <= 0) continue;
    const cut = Math.min(ac, remaining);
    acKw[i] = ac - cut;
    pvKw[i] = i === hybrid ? Math.max(0, dcFor(acKw[i] as number) + batteryKw) : (acKw[i] as number) / eta;
    remaining -= cut;
  }
}
