/** What the battery view reads from a battery's values (protocol.md: SoC, batVolt, batCurrent, batTemperature, ...). */

/** Below this the battery is idle rather than charging or discharging (kW), as on the power flow. */
const IDLE_KW = 0.01;
/** Values older than this are not "now" (the window of a device's status). */
export const LIVE_WINDOW_MS = 15 * 60_000;
/**
 * At or below this the view warns of a cold battery (spec: "battery temperature low warning"):
 * lithium cells accept charge only slowly below about 5 °C, and must not be charged below 0 °C.
 */
export const LOW_TEMPERATURE_C = 5;

export type BatteryState = 'charging' | 'discharging' | 'idle';

/** kW, positive when charging: the battery's own `batPower` where it reports one, else voltage times current. */
export function batteryPowerKw(vars: Record<string, number>): number | undefined {
  if (vars.batPower !== undefined) return vars.batPower;
  if (vars.batVolt === undefined || vars.batCurrent === undefined) return undefined;
  return (vars.batVolt * vars.batCurrent) / 1000;
}

/** Spec section 4's battery states, from the sign of the power. */
export function batteryState(powerKw: number): BatteryState {
  if (powerKw > IDLE_KW) return 'charging';
  if (powerKw < -IDLE_KW) return 'discharging';
  return 'idle';
}
