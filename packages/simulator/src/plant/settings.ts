import { LIMITS } from '@sunstack/shared';
import { z } from 'zod';

/**
 * The settings a plant's inverter accepts over `setting.get` / `setting.set` (protocol.md). Keys
 * are the device's own names. Battery keys exist only where there is a battery.
 */

/** How the battery is used. `TimePeriods` follows `SchedulePeriods` and is self use outside them. */
export const WORK_MODES = ['SelfUse', 'FeedInPriority', 'Backup', 'ForceCharge', 'ForceDischarge', 'TimePeriods'] as const;
export type WorkMode = (typeof WORK_MODES)[number];
export const PERIOD_MODES = ['SelfUse', 'FeedInPriority', 'Backup', 'ForceCharge', 'ForceDischarge'] as const;
export type PeriodMode = (typeof PERIOD_MODES)[number];

const clock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'expected HH:MM (00:00-23:59)');
const soc = z.number().int().min(LIMITS.soc.min).max(LIMITS.soc.max);
const power = z.number().min(LIMITS.power.min).max(LIMITS.power.max);

/** A local-time window (may wrap midnight) with the mode it runs, and optionally its power and target SoC. */
export const schedulePeriod = z
  .strictObject({ start: clock, end: clock, mode: z.enum(PERIOD_MODES), powerKw: power.optional(), targetSoc: soc.optional() })
  .refine((period) => period.start !== period.end, 'start and end must differ');
export type SchedulePeriod = z.infer<typeof schedulePeriod>;

export const plantSettings = z.strictObject({
  WorkMode: z.enum(WORK_MODES),
  /** The battery is not discharged below this (%). */
  MinSoc: soc,
  /** The battery is not charged above this (%). */
  MaxSoc: soc,
  /** Largest export at the grid meter, kW: PV is curtailed above it. */
  ExportLimit: power,
  /** Battery power in the force modes, kW. */
  ForceChargePower: power,
  ForceDischargePower: power,
  SchedulePeriods: z.array(schedulePeriod).max(LIMITS.strategyPeriods.max),
});
export type PlantSettings = z.infer<typeof plantSettings>;
export type SettingKey = keyof PlantSettings;
export const SETTING_KEYS = Object.keys(plantSettings.shape) as SettingKey[];
const BATTERY_KEYS: SettingKey[] = ['WorkMode', 'MinSoc', 'MaxSoc', 'ForceChargePower', 'ForceDischargePower', 'SchedulePeriods'];

/** The keys a plant has: battery keys only with a battery. */
export function settingKeysOf(hasBattery: boolean): SettingKey[] {
  return SETTING_KEYS.filter((key) => hasBattery || !BATTERY_KEYS.includes(key));
}

export type SettingsCheck = { ok: true; settings: PlantSettings; applied: Partial<PlantSettings> } | { ok: false; error: string };

/**
 * Validates a `setting.set` against the current settings: every key known to this plant, every
 * value valid, and MinSoc ≤ MaxSoc afterwards. All or nothing.
 */
export function checkSettingsChange(current: PlantSettings, change: Record<string, unknown>, hasBattery: boolean): SettingsCheck {
  const allowed = settingKeysOf(hasBattery);
  const keys = Object.keys(change);
  if (keys.length === 0) return { ok: false, error: 'no settings given' };
  const unknown = keys.filter((key) => !(allowed as string[]).includes(key));
  if (unknown.length > 0) return { ok: false, error: `unknown setting: ${unknown.join(', ')}` };
  const parsed = plantSettings.partial().safeParse(change);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
  }
  const settings = { ...current, ...parsed.data };
  if (settings.MinSoc > settings.MaxSoc) return { ok: false, error: 'MinSoc: must not exceed MaxSoc' };
  return { ok: true, settings, applied: parsed.data };
}

export interface ActiveMode {
  mode: PeriodMode;
  /** Battery power in a force mode, kW. */
  powerKw?: number;
  /** SoC to charge to (force charge) or discharge to (force discharge). */
  targetSoc?: number;
}

function minutesOf(clockText: string): number {
  const [hours, minutes] = clockText.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The mode in force at a local hour: the work mode, or the first schedule period covering the hour. */
export function activeMode(settings: PlantSettings, localHour: number): ActiveMode {
  if (settings.WorkMode !== 'TimePeriods') return { mode: settings.WorkMode };
  const minute = localHour * 60;
  for (const period of settings.SchedulePeriods) {
    const start = minutesOf(period.start);
    const end = minutesOf(period.end);
    const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
    if (inside) return { mode: period.mode, powerKw: period.powerKw, targetSoc: period.targetSoc };
  }
  return { mode: 'SelfUse' };
}
