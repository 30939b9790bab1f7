import { MAX_HISTORY_DAYS } from '@sunstack/shared';
import { describe, expect, it } from 'vitest';
import { dataAroundLink, deviceLink, rangeAround } from './alarmLinks.ts';

const HOUR = 3_600_000;
const now = Date.UTC(2025, 5, 1, 12);
const CONSOLE = ['alarm', 'inverter-detail', 'device-battery'];
const INTEGRATOR = ['integrator-alarm', 'integrator-inverter-detail'];

describe('links of an alarm', () => {
  it("opens the device's screen: the battery view for a battery, the device detail for other kinds, the integrator's own detail", () => {
    expect(deviceLink({ subject: 'inverter', sn: 'INV 1' }, CONSOLE)).toBe('/bus/device/inverterDetail?sn=INV%201');
    expect(deviceLink({ subject: 'battery', sn: 'BAT1' }, CONSOLE)).toBe('/bus/device/battery?sn=BAT1');
    expect(deviceLink({ subject: 'meter', sn: 'M1' }, CONSOLE)).toBe('/bus/device/inverterDetail?sn=M1');
    expect(deviceLink({ subject: 'battery', sn: 'BAT1' }, INTEGRATOR)).toBe('/bus/integrator/inverterDetail?sn=BAT1');
    expect(deviceLink({ subject: 'inverter', sn: 'INV1' }, INTEGRATOR)).toBe('/bus/integrator/inverterDetail?sn=INV1');
  });

  it('has no link for a datalogger (no screen of its own) nor where the account reaches no device screen', () => {
    expect(deviceLink({ subject: 'datalogger', sn: '123456789012345' }, CONSOLE)).toBeUndefined();
    expect(deviceLink({ subject: 'inverter', sn: 'INV1' }, ['alarm'])).toBeUndefined();
    expect(dataAroundLink({ subject: 'datalogger', sn: '1', raisedAt: now - HOUR, clearedAt: null }, CONSOLE, now)).toBeUndefined();
  });

  it('sets the history from an hour before raised to an hour after cleared, or until now while active', () => {
    expect(rangeAround({ raisedAt: now - 5 * HOUR, clearedAt: now - 3 * HOUR }, now)).toEqual({ from: now - 6 * HOUR, to: now - 2 * HOUR });
    expect(rangeAround({ raisedAt: now - 5 * HOUR, clearedAt: null }, now)).toEqual({ from: now - 6 * HOUR, to: now });
    // Cleared minutes ago: the hour after it has not happened yet.
    expect(rangeAround({ raisedAt: now - 2 * HOUR, clearedAt: now - 600_000 }, now)).toEqual({ from: now - 3 * HOUR, to: now });
    expect(dataAroundLink({ subject: 'battery', sn: 'BAT1', raisedAt: now - 2 * HOUR, clearedAt: null }, CONSOLE, now)).toBe(
      `/bus/device/battery?sn=BAT1&from=${now - 3 * HOUR}&to=${now}`,
    );
  });

  it('keeps the range within what a device history shows, and at least an hour long', () => {
    const old = rangeAround({ raisedAt: now - 400 * 24 * HOUR, clearedAt: null }, now);
    expect(old).toEqual({ from: now - MAX_HISTORY_DAYS * 24 * HOUR, to: now });
    // Raised "in the future" by a device clock ahead of ours.
    expect(rangeAround({ raisedAt: now + 30 * 60_000, clearedAt: null }, now)).toEqual({ from: now - HOUR, to: now });
  });
});
