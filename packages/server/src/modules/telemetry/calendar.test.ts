import { offsetAt } from '@sunstack/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketsOf, startOfLocalDate } from './calendar.ts';
import { addEnergy, counterIncrease, type Energy, energyBetween, energyChanges, type Vars, type WindowSample } from './energy.ts';

const ZONES = ['Europe/Berlin', 'America/Sao_Paulo', 'Australia/Sydney', 'Asia/Kolkata', 'America/New_York', 'UTC'];

/** What the rollups must hold: every consecutive pair of the final sorted series, by local day. */
function referenceByDay(samples: Map<number, Vars>, zone: string) {
  const sorted = [...samples].sort(([a], [b]) => a - b);
  const days = new Map<string, Energy>();
  for (let i = 1; i < sorted.length; i += 1) {
    const [ts, vars] = sorted[i] as [number, Vars];
    const day = bucketsOf(ts, zone).day;
    const energy = days.get(day) ?? {};
    addEnergy(energy, energyBetween((sorted[i - 1] as [number, Vars])[1], vars));
    days.set(day, energy);
  }
  return days;
}

/** Applies batches the way the ingest does: store new samples once, then correct around them. */
function ingest(batches: [number, Vars][][], zone: string) {
  const stored = new Map<number, Vars>();
  const days = new Map<string, Energy>();
  const months = new Map<string, Energy>();
  for (const batch of batches) {
    const fresh = new Map<number, Vars>();
    for (const [ts, vars] of batch) if (!stored.has(ts) && !fresh.has(ts)) fresh.set(ts, vars);
    if (fresh.size === 0) continue;
    const low = Math.min(...fresh.keys());
    const high = Math.max(...fresh.keys());
    const oldTimes = [...stored.keys()];
    const from = Math.max(-Infinity, ...oldTimes.filter((ts) => ts < low));
    const to = Math.min(Infinity, ...oldTimes.filter((ts) => ts > high));
    for (const [ts, vars] of fresh) stored.set(ts, vars);
    const window: WindowSample[] = [...stored]
      .filter(([ts]) => ts >= from && ts <= to)
      .sort(([a], [b]) => a - b)
      .map(([ts, vars]) => ({ ts, vars, isNew: fresh.has(ts) }));
    for (const change of energyChanges(window)) {
      const buckets = bucketsOf(change.ts, zone);
      for (const [map, key] of [
        [days, buckets.day],
        [months, buckets.month],
      ] as const) {
        const energy = map.get(key) ?? {};
        addEnergy(energy, change.energy);
        map.set(key, energy);
      }
    }
  }
  return { stored, days, months };
}

const close = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/** A counter series: steps of production with occasional resets, at 5-minute times with gaps. */
const seriesArbitrary = fc
  .record({
    start: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 1) }),
    steps: fc.array(
      fc.record({
        gap: fc.constantFrom(1, 1, 1, 2, 12, 100, 300),
        produced: fc.double({ min: 0, max: 5, noNaN: true }),
        reset: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      }),
      { minLength: 2, maxLength: 120 },
    ),
  })
  .map(({ start, steps }) => {
    let ts = Math.floor(start / 300_000) * 300_000;
    let counter = 1_000;
    return steps.map(({ gap, produced, reset }) => {
      ts += gap * 300_000;
      counter = reset ? produced : counter + produced;
      return [ts, { PVEnergyTotal: counter, pvPower: produced * 12 }] as [number, Vars];
    });
  });

describe('energy from cumulative counters', () => {
  it('counts increases, resets and jitter', () => {
    expect(counterIncrease(10, 12.5)).toBe(2.5);
    expect(counterIncrease(10_000, 3)).toBe(3);
    expect(counterIncrease(10_000, 9_999.995)).toBe(0);
    expect(energyBetween({ PVEnergyTotal: 1, loadsTotal: 5 }, { PVEnergyTotal: 2, pvPower: 3 })).toEqual({ PVEnergyTotal: 1 });
  });

  it('stores each sample once and keeps every day exact, whatever the order, duplicates and batches', () => {
    fc.assert(
      fc.property(
        seriesArbitrary,
        fc.constantFrom(...ZONES),
        fc.integer({ min: 1, max: 10 }),
        fc.integer(),
        (series, zone, batchCount, seed) => {
          // Deliver every sample at least once, some twice, shuffled, in random batches.
          let state = seed;
          const random = () => {
            state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
            return state / 0x7fffffff;
          };
          const deliveries = [...series, ...series.filter(() => random() < 0.2)].sort(() => random() - 0.5);
          const batches: [number, Vars][][] = Array.from({ length: batchCount }, () => []);
          for (const sample of deliveries) batches[Math.floor(random() * batchCount)]?.push(sample);

          const { stored, days, months } = ingest(batches, zone);
          const reference = referenceByDay(stored, zone);
          for (const [day, energy] of days) {
            const expected = reference.get(day)?.PVEnergyTotal ?? 0;
            expect(close(energy.PVEnergyTotal ?? 0, expected), `${day} ${energy.PVEnergyTotal} vs ${expected}`).toBe(true);
            expect(energy.PVEnergyTotal ?? 0).toBeGreaterThan(-1e-6);
          }
          for (const [day, energy] of reference) expect(close(days.get(day)?.PVEnergyTotal ?? 0, energy.PVEnergyTotal ?? 0)).toBe(true);
          // The days of a month add up to the month.
          for (const [month, energy] of months) {
            const sum = [...days]
              .filter(([day]) => day.slice(0, 7) === month.slice(0, 7))
              .reduce((total, [, e]) => total + (e.PVEnergyTotal ?? 0), 0);
            expect(close(sum, energy.PVEnergyTotal ?? 0)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('plant calendar', () => {
  it('gives a DST day 23 or 25 hours', () => {
    const hours = (day: string, next: string, zone: string) => (startOfLocalDate(next, zone) - startOfLocalDate(day, zone)) / 3_600_000;
    expect(hours('2026-03-29', '2026-03-30', 'Europe/Berlin')).toBe(23);
    expect(hours('2026-10-25', '2026-10-26', 'Europe/Berlin')).toBe(25);
    expect(hours('2026-10-04', '2026-10-05', 'Australia/Sydney')).toBe(23);
    expect(hours('2026-06-01', '2026-06-02', 'Asia/Kolkata')).toBe(24);
  });

  it('puts a sample in its local day, month and hour', () => {
    // 23:30 UTC on 31 December is already 1 January in Berlin.
    const ts = Date.UTC(2026, 11, 31, 23, 30);
    expect(bucketsOf(ts, 'Europe/Berlin')).toMatchObject({ day: '2027-01-01', month: '2027-01-01', year: '2027-01-01' });
    expect(bucketsOf(ts, 'America/New_York')).toMatchObject({ day: '2026-12-31', month: '2026-12-01' });
    // Kolkata is +5:30: its local hours start at half past in UTC.
    expect(new Date(bucketsOf(ts, 'Asia/Kolkata')['1h']).toISOString()).toBe('2026-12-31T23:30:00.000Z');
    expect(offsetAt('Europe/Berlin', Date.UTC(2026, 6, 1))).toBe(7_200_000);
  });
});
