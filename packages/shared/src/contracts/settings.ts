import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/**
 * The settings an inverter takes over `setting.get` / `setting.set` (protocol.md), one schema for
 * the console's forms, the server's check before anything is sent, and the simulated devices.
 * Keys are the device's own names. Messages are keys of the web app's `validation` section.
 */

/**
 * How the battery is used. `TimePeriods` follows `SchedulePeriods` and is self use outside them.
 * `PeakShaving` (only where the device offers it: it then reports the PeakShaving settings) keeps the
 * grid import under a limit with the battery, holding a reserve for that.
 */
export const WORK_MODES = ['SelfUse', 'FeedInPriority', 'Backup', 'ForceCharge', 'ForceDischarge', 'TimePeriods', 'PeakShaving'] as const;
export type WorkMode = (typeof WORK_MODES)[number];
/**
 * The work modes a strategy (a template, group remote) may name: peak shaving is set per device, where the
 * device offers it, because its limit belongs to the site's own grid connection.
 */
export const STRATEGY_WORK_MODES = WORK_MODES.filter((mode) => mode !== 'PeakShaving') as Exclude<WorkMode, 'PeakShaving'>[];
export const PERIOD_MODES = ['SelfUse', 'FeedInPriority', 'Backup', 'ForceCharge', 'ForceDischarge'] as const;
export type PeriodMode = (typeof PERIOD_MODES)[number];

const clock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'validation.clockTime' });
const soc = z
  .number({ error: 'validation.socRange' })
  .int({ error: 'validation.socRange' })
  .min(LIMITS.soc.min, { error: 'validation.socRange' })
  .max(LIMITS.soc.max, { error: 'validation.socRange' });
const power = z
  .number({ error: 'validation.powerRange' })
  .min(LIMITS.power.min, { error: 'validation.powerRange' })
  .max(LIMITS.power.max, { error: 'validation.powerRange' });

/** Minutes after local midnight of an HH:MM clock time. */
export function minutesOfClock(clockText: string): number {
  const [hours, minutes] = clockText.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** A period's minutes of the day, as [start, end) ranges (two when it wraps midnight). */
export function rangesOf(period: { start: string; end: string }): [number, number][] {
  const start = minutesOfClock(period.start);
  const end = minutesOfClock(period.end);
  return start < end
    ? [[start, end]]
    : [
        [start, 24 * 60],
        [0, end],
      ];
}

const periodLength = (period: { start: string; end: string }) => rangesOf(period).reduce((sum, [from, to]) => sum + to - from, 0);

/** A period's battery power, W: a whole number from 0 to 6000 (spec sections 5 and 9). */
const periodPower = z
  .number({ error: 'validation.periodPowerRange' })
  .int({ error: 'validation.periodPowerRange' })
  .min(LIMITS.power.min, { error: 'validation.periodPowerRange' })
  .max(LIMITS.power.max, { error: 'validation.periodPowerRange' });

/**
 * A local-time window (may wrap midnight) and how the battery runs in it: its mode, the SoC it is
 * never discharged below while on grid, the SoC a forced discharge stops at (FDSoC, spec section 5:
 * minimum SoC ≤ FDSoC ≤ 100), the battery power of a force mode (W) and the SoC charging stops at.
 * The period's SoC limits replace the device's own MinSoc and MaxSoc while it runs.
 */
export const schedulePeriod = z
  .strictObject({
    start: clock,
    end: clock,
    mode: z.enum(PERIOD_MODES, { error: 'validation.workMode' }),
    minSocOnGrid: soc,
    fdSoc: soc,
    fdPwr: periodPower,
    maxSoc: soc,
  })
  .refine((period) => periodLength(period) >= LIMITS.minTimeLimitMinutes, { error: 'validation.periodTooShort', path: ['end'] })
  .refine((period) => period.minSocOnGrid <= period.fdSoc, { error: 'validation.fdSocBelowMin', path: ['fdSoc'] })
  .refine((period) => period.minSocOnGrid <= period.maxSoc, { error: 'validation.minSocAboveMax', path: ['maxSoc'] });
export type SchedulePeriod = z.infer<typeof schedulePeriod>;

/** Whether two periods share a minute (the day wraps at midnight). */
export function periodsOverlap(a: { start: string; end: string }, b: { start: string; end: string }): boolean {
  return rangesOf(a).some(([aFrom, aTo]) => rangesOf(b).some(([bFrom, bTo]) => aFrom < bTo && bFrom < aTo));
}

/** Up to eight windows that never overlap (spec section 5); an overlap names the later window of the pair. */
export function windowList<T extends z.ZodType<{ start: string; end: string }>>(window: T) {
  return z
    .array(window)
    .max(LIMITS.strategyPeriods.max, { error: 'validation.periodsMax' })
    .superRefine((windows, context) => {
      windows.forEach((item, index) => {
        if (windows.slice(0, index).some((earlier) => periodsOverlap(earlier, item)))
          context.addIssue({ code: 'custom', message: 'validation.periodsOverlap', path: [index, 'start'] });
      });
    });
}

export const schedulePeriods = windowList(schedulePeriod);

export const plantSettings = z.strictObject({
  WorkMode: z.enum(WORK_MODES, { error: 'validation.workMode' }),
  /** The battery is not discharged below this while on grid (%; FoxESS's MinSocOnGrid). */
  MinSoc: soc,
  /** The battery is not discharged below this during a grid outage (%; FoxESS's MinSoc): at most MinSoc. */
  OffGridMinSoc: soc,
  /** The battery is not charged above this (%). */
  MaxSoc: soc,
  /** Largest export at the grid meter, kW: PV is curtailed above it. */
  ExportLimit: power,
  /** Battery power in the force modes, kW. */
  ForceChargePower: power,
  ForceDischargePower: power,
  SchedulePeriods: schedulePeriods,
  /** Peak shaving: the grid import the battery keeps the site under, kW. */
  PeakShavingImportLimit: power,
  /** Peak shaving: the SoC held in reserve for peaks (%); below it the battery recharges from the grid within the limit. */
  PeakShavingSoc: soc,
});
export type PlantSettings = z.infer<typeof plantSettings>;
export type SettingKey = keyof PlantSettings;
export const SETTING_KEYS = Object.keys(plantSettings.shape) as SettingKey[];
/** The settings only an inverter with a battery has (a battery-less one refuses them). */
export const BATTERY_SETTING_KEYS: readonly SettingKey[] = [
  'WorkMode',
  'MinSoc',
  'OffGridMinSoc',
  'MaxSoc',
  'ForceChargePower',
  'ForceDischargePower',
  'SchedulePeriods',
  'PeakShavingImportLimit',
  'PeakShavingSoc',
];
export const needsBattery = (change: Partial<PlantSettings>) => BATTERY_SETTING_KEYS.some((key) => key in change);
/** The settings of peak shaving: a device reports them only where it offers the mode. */
export const PEAK_SHAVING_SETTING_KEYS: readonly SettingKey[] = ['PeakShavingImportLimit', 'PeakShavingSoc'];

/**
 * A change of some settings: at least one, each valid, and the SoC limits given together in order
 * (OffGridMinSoc ≤ MinSoc ≤ MaxSoc).
 */
export const settingsChange = plantSettings
  .partial()
  .refine((change) => Object.keys(change).length > 0, { error: 'validation.settingsEmpty' })
  .refine((change) => change.MinSoc === undefined || change.MaxSoc === undefined || change.MinSoc <= change.MaxSoc, {
    error: 'validation.minSocAboveMax',
    path: ['MinSoc'],
  })
  .refine((change) => change.OffGridMinSoc === undefined || change.MinSoc === undefined || change.OffGridMinSoc <= change.MinSoc, {
    error: 'validation.offGridMinSocAboveMin',
    path: ['OffGridMinSoc'],
  });
export type SettingsChange = z.infer<typeof settingsChange>;
