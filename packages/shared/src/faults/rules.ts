import type { FaultSeverity } from './catalogue.ts';

/**
 * The platform's alarm rules (issue 5): conditions Sunstack watches in the data itself, beside the
 * codes devices report. Codes 9xxx, unique beside the device catalogue; their names, causes and
 * actions are in the same `messages/` as the device codes (`faultText`).
 */
export const ALARM_RULES = {
  /** The datalogger of a plant has not reported for longer than `offlineMinutes`. */
  dataloggerOffline: { code: 9001, severity: 'fault' },
  /** A device has not reported for longer than `offlineMinutes` while its datalogger does. */
  deviceOffline: { code: 9002, severity: 'warning' },
  /** A battery's temperature is below `batteryTemperatureMinC` (charging is held back; spec section 8). */
  batteryTemperatureLow: { code: 9010, severity: 'warning' },
  /** A battery's SoC stayed below `socMinPercent` for `socLowMinutes`. */
  socBelowMinimum: { code: 9011, severity: 'warning' },
  /** Inverters reported no PV power for an hour while the sun stood high over the plant. */
  noProduction: { code: 9020, severity: 'fault' },
  /** The PV yield of the last 7 local days was below `performanceMinPercent` of what the plant's place and size give in typical weather. */
  underperformance: { code: 9021, severity: 'warning' },
  /** The grid voltage an inverter measures is outside `gridVoltageMinV`..`gridVoltageMaxV`. */
  gridVoltage: { code: 9030, severity: 'warning' },
  /** The grid frequency is more than `gridFrequencyToleranceHz` away from its nominal 50 or 60 Hz. */
  gridFrequency: { code: 9031, severity: 'warning' },
} as const satisfies Record<string, { code: number; severity: FaultSeverity }>;
export type AlarmRuleName = keyof typeof ALARM_RULES;

const RULE_BY_CODE: ReadonlyMap<number, AlarmRuleName> = new Map(
  (Object.entries(ALARM_RULES) as [AlarmRuleName, { code: number }][]).map(([name, rule]) => [rule.code, name]),
);

/** The rule a code belongs to; undefined for a device code. */
export const ruleOf = (code: number): AlarmRuleName | undefined => RULE_BY_CODE.get(code);

/** Thresholds of the rules; each plant may set its own (alarm/threshold/save), these hold otherwise. */
export const ALARM_THRESHOLD_DEFAULTS = {
  offlineMinutes: 30,
  batteryTemperatureMinC: 0,
  socMinPercent: 10,
  socLowMinutes: 60,
  gridVoltageMinV: 196,
  gridVoltageMaxV: 253,
  gridFrequencyToleranceHz: 0.5,
  performanceMinPercent: 50,
};
export type AlarmThresholds = typeof ALARM_THRESHOLD_DEFAULTS;
