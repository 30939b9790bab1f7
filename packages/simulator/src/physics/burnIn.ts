import { INVERTER_EFFICIENCY } from '../plant/dispatch.ts';
import { RUNNING_STATE, type Sample } from '../plant/plantModel.ts';

/**
 * A factory burn-in rack (issue 24, ageing): inverters fed by a DC source at a share of their rated power, their
 * output taken by the rack's AC load, for hours. Each heats up with its losses through its heat sink (a first-order
 * thermal model); a fault can be injected on chosen inverters, as the physics of its cause:
 * - `fault`: a stopping fault (by default 1050, grid relay check failed) raised at `at`: the output drops to zero
 *   and the inverter cools down;
 * - `overTemperature`: a blocked air intake: the heat sink's thermal resistance 2.2 times its own, so the
 *   inverter runs some 30 K hotter than its neighbours (still below its own 90 °C trip, 1020);
 * - `lowOutput`: a weak power stage that derates to 88 % of the load it is asked for.
 */
export type BurnInFault = { kind: 'fault'; at: number; code?: number } | { kind: 'overTemperature' } | { kind: 'lowOutput' };

export interface BurnInOptions {
  devices: { sn: string; ratedPowerKw: number }[];
  /** The rack's load as a share of each inverter's rated power. */
  loadFraction: number;
  /** Air temperature in the burn-in room, °C. */
  ambient: number;
  from: number;
  to: number;
  stepMs: number;
  faults?: Record<string, BurnInFault>;
}

/** What a rack's dataloggers report: samples of each inverter, and fault events. */
export interface BurnInReport {
  samples: Sample[];
  events: { ts: number; device: string; code: number; state: 'raised' | 'cleared' }[];
}

/** Heat-sink rise over the room at full load, K, and its time constant. */
const FULL_LOAD_RISE_K = 25;
const THERMAL_TAU_MS = 20 * 60_000;
const BLOCKED_INTAKE_FACTOR = 2.2;
const WEAK_STAGE_SHARE = 0.88;
const RELAY_CHECK_FAILED = 1050;
const DC_VOLT = 600;
const GRID_VOLT = 230;

/** Deterministic noise in [-1, 1] of a device and a time (the same report for the same inputs). */
function noise(sn: string, ts: number, salt: number) {
  let h = 2166136261 ^ salt;
  for (const ch of `${sn}:${ts}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 0) / 0xffffffff) * 2 - 1;
}

export function burnInRack(options: BurnInOptions): BurnInReport {
  const { devices, loadFraction, ambient, from, to, stepMs } = options;
  const samples: Sample[] = [];
  const events: BurnInReport['events'] = [];
  for (const { sn, ratedPowerKw } of devices) {
    const fault = options.faults?.[sn];
    const rise = FULL_LOAD_RISE_K * (fault?.kind === 'overTemperature' ? BLOCKED_INTAKE_FACTOR : 1);
    let temperature = ambient;
    let previous = from;
    let raised = false;
    for (let ts = from; ts <= to; ts += stepMs) {
      const stopped = fault?.kind === 'fault' && ts >= fault.at;
      if (stopped && !raised) {
        events.push({ ts: fault.at, device: sn, code: fault.code ?? RELAY_CHECK_FAILED, state: 'raised' });
        raised = true;
      }
      const share = stopped ? 0 : loadFraction * (fault?.kind === 'lowOutput' ? WEAK_STAGE_SHARE : 1);
      const output = Math.max(0, ratedPowerKw * share * (1 + 0.005 * noise(sn, ts, 1)));
      // The heat sink approaches the rise its losses drive, relative to the rise at full load.
      const target = ambient + (rise * output) / ratedPowerKw;
      temperature = target + (temperature - target) * Math.exp(-(ts - previous) / THERMAL_TAU_MS);
      previous = ts;
      const dc = output / INVERTER_EFFICIENCY;
      samples.push({
        ts,
        device: sn,
        vars: {
          pvPower: round(dc, 3),
          pv1Volt: stopped ? 0 : round(DC_VOLT * (1 + 0.002 * noise(sn, ts, 2)), 1),
          pv1Current: stopped ? 0 : round((dc * 1000) / DC_VOLT, 2),
          generationPower: round(output, 3),
          RVolt: round(GRID_VOLT * (1 + 0.004 * noise(sn, ts, 3)), 1),
          RCurrent: round((output * 1000) / GRID_VOLT, 2),
          RFreq: round(50 + 0.01 * noise(sn, ts, 4), 2),
          invTemperation: round(temperature + 0.3 * noise(sn, ts, 5), 1),
          ambientTemperation: round(ambient, 1),
          runningState: stopped ? RUNNING_STATE.fault : RUNNING_STATE.onGrid,
        },
      });
    }
  }
  return { samples, events };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
