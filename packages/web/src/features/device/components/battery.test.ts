import { describe, expect, it } from 'vitest';
import { batteryPowerKw, batteryState } from './battery.ts';

describe('battery view figures', () => {
  it('takes the power the battery reports, else voltage times current, positive when charging', () => {
    expect(batteryPowerKw({ batPower: -1.5, batVolt: 50, batCurrent: 10 })).toBe(-1.5);
    expect(batteryPowerKw({ batVolt: 52, batCurrent: -25 })).toBe(-1.3);
    expect(batteryPowerKw({ batVolt: 52 })).toBeUndefined();
  });

  it('names the state from the sign of the power, idle around zero', () => {
    expect(batteryState(1.3)).toBe('charging');
    expect(batteryState(-0.2)).toBe('discharging');
    expect(batteryState(0.005)).toBe('idle');
    expect(batteryState(-0.005)).toBe('idle');
  });
});
