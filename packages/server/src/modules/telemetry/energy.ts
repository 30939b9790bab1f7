import { ENERGY_COUNTERS } from '@sunstack/shared';

/**
 * Energy from cumulative counters (protocol.md). Each pair of consecutive samples of a device
 * contributes the counters' increase to the bucket of the later sample; a drop means the device
 * reset its counter, so the new reading is what it counted since. Contributions are never
 * negative, a gap puts its energy where it is observed, and a sample that arrives late or twice
 * changes the pairs around it, which `energyChanges` turns into exact corrections.
 */

export type Vars = Record<string, number>;
export type Energy = Record<string, number>;

/** A drop this small is measurement jitter, not a reset (kWh, or a share of the reading). */
const JITTER_KWH = 0.01;
const JITTER_SHARE = 0.001;

export function counterIncrease(previous: number, current: number): number {
  if (current >= previous) return current - previous;
  const drop = previous - current;
  if (drop <= JITTER_KWH || drop <= previous * JITTER_SHARE) return 0;
  return current;
}

/** Energy per counter between two consecutive samples of one device. */
export function energyBetween(previous: Vars, current: Vars): Energy {
  const energy: Energy = {};
  for (const counter of ENERGY_COUNTERS) {
    const before = previous[counter];
    const after = current[counter];
    if (before === undefined || after === undefined) continue;
    const increase = counterIncrease(before, after);
    if (increase > 0) energy[counter] = increase;
  }
  return energy;
}

export interface WindowSample {
  ts: number;
  vars: Vars;
  /** Stored by this batch (true) or before it (false). */
  isNew: boolean;
}

export interface EnergyChange {
  /** The bucket time: the later sample of the pair. */
  ts: number;
  energy: Energy;
}

const pairKey = (a: WindowSample, b: WindowSample) => `${a.ts}>${b.ts}`;

function pairsOf(samples: WindowSample[]) {
  const pairs = new Map<string, [WindowSample, WindowSample]>();
  for (let i = 1; i < samples.length; i += 1) {
    const previous = samples[i - 1] as WindowSample;
    const current = samples[i] as WindowSample;
    pairs.set(pairKey(previous, current), [previous, current]);
  }
  return pairs;
}

export function addEnergy(into: Energy, energy: Energy, sign = 1) {
  for (const [counter, value] of Object.entries(energy)) into[counter] = (into[counter] ?? 0) + sign * value;
}

/**
 * The rollup corrections for one device after a batch: `window` holds its samples sorted by time,
 * from the last old sample before the first new one to the first old sample after the last new
 * one. Old pairs are taken out, new pairs put in; pairs present in both cancel and are skipped.
 */
export function energyChanges(window: WindowSample[]): EnergyChange[] {
  const before = pairsOf(window.filter((sample) => !sample.isNew));
  const after = pairsOf(window);
  const byTs = new Map<number, Energy>();
  const add = ([previous, current]: [WindowSample, WindowSample], sign: number) => {
    const energy = energyBetween(previous.vars, current.vars);
    if (Object.keys(energy).length === 0) return;
    const bucket = byTs.get(current.ts) ?? {};
    byTs.set(current.ts, bucket);
    addEnergy(bucket, energy, sign);
  };
  for (const [key, pair] of after) if (!before.has(key)) add(pair, 1);
  for (const [key, pair] of before) if (!after.has(key)) add(pair, -1);
  return [...byTs].map(([ts, energy]) => ({ ts, energy }));
}
