import { describe, expect, it } from 'vitest';
import { affectedShares } from './faultShares.ts';

describe('shares of devices affected', () => {
  it('marks a group whose share is more than twice the average of its device type', () => {
    const shares = affectedShares([
      { subject: 'inverter', model: 'A', devices: 30, fleetDevices: 100 },
      { subject: 'inverter', model: 'B', devices: 10, fleetDevices: 900 },
      { subject: 'battery', model: 'C', devices: 30, fleetDevices: 100 },
      { subject: 'datalogger', model: '', devices: 1, fleetDevices: 0 },
    ]);
    // Inverters: 40 of 1,000 = 4 % on average; A at 30 % stands out, B at 1.1 % does not.
    expect(shares.map((group) => [group.model, Math.round(group.share * 10) / 10, group.standsOut])).toEqual([
      ['A', 30, true],
      ['B', 1.1, false],
      // Alone of its type: it is its own average.
      ['C', 30, false],
      ['', 0, false],
    ]);
  });
});
