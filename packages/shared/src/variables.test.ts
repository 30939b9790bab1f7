import { describe, expect, it } from 'vitest';
import { ENERGY_COUNTERS } from './protocol.ts';
import { compareVariables, VARIABLE_UNITS, variableKind } from './variables.ts';

describe('protocol variables', () => {
  it('gives units as protocol.md does: power kW, energy kWh, V, A, Hz, °C, %', () => {
    expect(variableKind('pvPower')).toEqual({ kind: 'known', name: 'pvPower', unit: 'kW' });
    expect(variableKind('RFreq').unit).toBe('Hz');
    expect(variableKind('SoC').unit).toBe('%');
    expect(variableKind('flowTemp').unit).toBe('°C');
    expect(variableKind('runningState').unit).toBe('');
    for (const counter of ENERGY_COUNTERS) expect(VARIABLE_UNITS[counter]).toBe('kWh');
  });

  it('reads PV strings by their number and leaves other names to their device', () => {
    expect(variableKind('pv3Volt')).toEqual({ kind: 'pvString', string: 3, quantity: 'Volt', unit: 'V' });
    expect(variableKind('pv12Power')).toEqual({ kind: 'pvString', string: 12, quantity: 'Power', unit: 'kW' });
    for (const name of ['pv0Volt', 'pv1Voltage', 'pvVolt', 'toString', 'constructor', '__proto__', 'myVendorValue']) {
      expect(variableKind(name), name).toEqual({ kind: 'other', unit: '' });
    }
  });

  it('lists known variables in protocol order, PV strings after PV power, the others last by name', () => {
    const names = ['zeta', 'SoC', 'pv2Volt', 'PVEnergyTotal', 'alpha', 'pv1Power', 'pvPower', 'pv1Volt', 'generationPower'];
    expect(names.sort(compareVariables)).toEqual([
      'pvPower',
      'pv1Volt',
      'pv1Power',
      'pv2Volt',
      'generationPower',
      'SoC',
      'PVEnergyTotal',
      'alpha',
      'zeta',
    ]);
  });
});
