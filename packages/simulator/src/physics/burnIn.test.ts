import { describe, expect, it } from 'vitest';
import { burnInRack } from './burnIn.ts';

const HOUR = 3_600_000;
const rack = burnInRack({
  devices: ['A', 'B', 'C', 'D'].map((sn) => ({ sn, ratedPowerKw: 10 })),
  loadFraction: 0.9,
  ambient: 25,
  from: 0,
  to: 4 * HOUR,
  stepMs: 60_000,
  faults: { B: { kind: 'overTemperature' }, C: { kind: 'fault', at: 2 * HOUR }, D: { kind: 'lowOutput' } },
});
const last = (sn: string) => rack.samples.filter((sample) => sample.device === sn).at(-1)?.vars ?? {};

describe('burn-in rack', () => {
  it('heats each inverter with its losses; a blocked intake runs hotter, below its own trip', () => {
    expect(last('A').invTemperation).toBeCloseTo(25 + 25 * 0.9, 0);
    expect(last('B').invTemperation).toBeGreaterThan(70);
    expect(last('B').invTemperation).toBeLessThan(90);
    expect(last('A').generationPower).toBeCloseTo(9, 0);
  });
  it('stops a faulted inverter at its fault (raised as an event) and lets it cool; a weak stage derates', () => {
    expect(rack.events).toEqual([{ ts: 2 * HOUR, device: 'C', code: 1050, state: 'raised' }]);
    expect(last('C').generationPower).toBe(0);
    expect(last('C').invTemperation).toBeLessThan(30);
    expect(last('D').generationPower).toBeCloseTo(9 * 0.88, 1);
  });
});
