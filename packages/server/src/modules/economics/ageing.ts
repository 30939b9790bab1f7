import { type ChargingSession, STRING_LOW_SHARE } from '@sunstack/shared';

/**
 * Owner feature 4 from what devices report (issue 21): EV charging sessions from a charger's samples,
 * PV strings compared per kWp. Pure functions over samples, so the tests drive them with the real
 * repo's rows.
 */

/** protocol.md's `connectorState` of an EV charger: no car, plugged in, charging. */
const AVAILABLE = 0;
const CHARGING = 2;

export interface ChargerSample {
  ts: number;
  connectorState: number | null;
  sessionEnergy: number | null;
  chargePower: number | null;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Sessions from a charger's samples (oldest first): a session runs from the first sample with a car
 * plugged in to the last one before the connector is free again. Its energy is the largest
 * `sessionEnergy` the charger counted in it (the counter starts at 0 with each car); a counter that
 * falls back while plugged in is a new car without a free sample between, so a new session. Charging
 * time is the time between samples taken while charging. A session still plugged in at the last
 * sample has no end when `open` (the data reaches now), else it ends at its last sample. Its cost
 * prices each rise of the counter at `priceAt` the middle of the interval it rose in (null when one
 * rise has no price).
 */
export function sessionsOf(samples: ChargerSample[], open: boolean, priceAt: (ts: number) => number | null): ChargingSession[] {
  const sessions: ChargingSession[] = [];
  let current: { start: number; last: number; energy: number; cost: number | null; chargingMs: number } | undefined;
  let previous: ChargerSample | undefined;
  const close = (end: number | null) => {
    if (!current) return;
    sessions.push({
      start: current.start,
      end,
      energyKwh: round(current.energy),
      cost: current.cost === null ? null : round(current.cost, 4),
      durationMs: (end ?? current.last) - current.start,
      chargingMs: current.chargingMs,
    });
    current = undefined;
  };
  for (const sample of samples) {
    if (sample.connectorState === null) continue;
    const plugged = sample.connectorState !== AVAILABLE;
    const energy = sample.sessionEnergy ?? 0;
    if (current && (!plugged || energy < current.energy - 0.01)) close(current.last);
    if (plugged) {
      if (!current) current = { start: sample.ts, last: sample.ts, energy: 0, cost: 0, chargingMs: 0 };
      else if (previous?.connectorState === CHARGING) current.chargingMs += sample.ts - current.last;
      if (energy > current.energy && current.cost !== null) {
        const price = priceAt((current.last + sample.ts) / 2);
        current.cost = price === null ? null : current.cost + (energy - current.energy) * price;
      }
      current.last = sample.ts;
      current.energy = Math.max(current.energy, energy);
    }
    previous = sample;
  }
  if (current) close(open ? null : current.last);
  return sessions;
}

export interface StringInput {
  string: number;
  /** kWp of the string; null when the inverter's strings are not configured. */
  kwp: number | null;
}

/**
 * Strings side by side: each string's day energy (trapezoids between samples, gaps over 15 minutes
 * not bridged), its yield per kWp (or kWh when sizes are unknown), and its share of the median of the
 * other strings that produced; a string under `STRING_LOW_SHARE` of that median is low.
 */
export function compareStrings(strings: StringInput[], samples: { ts: number; powers: (number | null)[] }[]) {
  const MAX_GAP_MS = 15 * 60_000;
  const energy = strings.map(() => 0);
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1] as (typeof samples)[number];
    const b = samples[i] as (typeof samples)[number];
    const gap = b.ts - a.ts;
    if (gap > MAX_GAP_MS) continue;
    strings.forEach((_, n) => {
      const p = a.powers[n];
      const q = b.powers[n];
      if (p !== null && p !== undefined && q !== null && q !== undefined) energy[n] = (energy[n] ?? 0) + ((p + q) / 2) * (gap / 3_600_000);
    });
  }
  const specific = strings.map((s, n) => (s.kwp ? (energy[n] ?? 0) / s.kwp : (energy[n] ?? 0)));
  const median = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    const mid = sorted.length / 2;
    return sorted.length % 2 ? (sorted[Math.floor(mid)] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  };
  return strings.map((s, n) => {
    const others = specific.filter((value, m) => m !== n && value > 0);
    const reference = others.length > 0 ? median(others) : 0;
    const ofNeighbours = reference > 0 ? round((specific[n] as number) / reference) : null;
    return {
      string: s.string,
      kwp: s.kwp,
      energyKwh: round(energy[n] ?? 0),
      specificYield: round(specific[n] as number),
      ofNeighbours,
      low: ofNeighbours !== null && ofNeighbours < STRING_LOW_SHARE,
    };
  });
}
