import {
  BATTERY_SETTING_KEYS,
  LIMITS,
  minutesOfClock,
  PEAK_SHAVING_SETTING_KEYS,
  type PeriodMode,
  type PlantSettings,
  type SchedulePeriod,
  SETTING_KEYS,
  SETTINGS_KINDS,
  type SettingsKind,
} from '@sunstack/shared';

/**
 * The settings a simulated plant's devices hold (their schemas are shared: contracts/settings.ts for the
 * inverter, contracts/deviceSettings.ts for meter and EMS). Battery keys exist only where there is a battery.
 */

/** What an inverter offers beyond its own settings. */
export interface InverterFeatures {
  /** Battery settings: only a hybrid with a battery has them. */
  battery: boolean;
  /** Peak shaving: the simulated three-phase hybrids offer it, single-phase ones do not. */
  peakShaving: boolean;
}

/** The keys a device of a kind has: an inverter's battery keys only with a battery, peak shaving's only where it is offered. */
export function settingKeysOf(kind: SettingsKind, features: InverterFeatures): readonly string[] {
  if (kind !== 'inverter') return SETTINGS_KINDS[kind].keys;
  return SETTING_KEYS.filter(
    (key) =>
      (features.battery || !BATTERY_SETTING_KEYS.includes(key)) && (features.peakShaving || !PEAK_SHAVING_SETTING_KEYS.includes(key)),
  );
}

export type SettingsCheck =
  | { ok: true; settings: Record<string, unknown>; applied: Record<string, unknown> }
  | { ok: false; error: string };

/**
 * Validates a `setting.set` against a device's current settings: every key known to it, every value
 * valid, and an inverter's MinSoc ≤ MaxSoc afterwards. All or nothing.
 */
export function checkSettingsChange(
  kind: SettingsKind,
  current: Record<string, unknown>,
  change: Record<string, unknown>,
  features: InverterFeatures,
): SettingsCheck {
  const allowed = settingKeysOf(kind, features);
  const keys = Object.keys(change);
  if (keys.length === 0) return { ok: false, error: 'no settings given' };
  const unknown = keys.filter((key) => !allowed.includes(key));
  if (unknown.length > 0) return { ok: false, error: `unknown setting: ${unknown.join(', ')}` };
  const parsed = SETTINGS_KINDS[kind].change.safeParse(change);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
  }
  const settings = { ...current, ...parsed.data };
  if (kind === 'inverter') {
    const { OffGridMinSoc, MinSoc, MaxSoc, WorkMode } = settings as PlantSettings;
    if (MinSoc > MaxSoc) return { ok: false, error: 'MinSoc: must not exceed MaxSoc' };
    if (OffGridMinSoc > MinSoc) return { ok: false, error: 'OffGridMinSoc: must not exceed MinSoc' };
    if (WorkMode === 'PeakShaving' && !features.peakShaving) return { ok: false, error: 'WorkMode: peak shaving is not offered' };
  }
  return { ok: true, settings, applied: parsed.data };
}

export interface ActiveMode {
  mode: PeriodMode | 'PeakShaving';
  /** Battery power of a force mode, kW (a period's own; else the device's force powers). */
  powerKw?: number;
  /** The SoC limits while a period runs: they replace the device's MinSoc and MaxSoc. */
  minSoc?: number;
  maxSoc?: number;
  /** Where a forced discharge stops (FDSoC). */
  fdSoc?: number;
  /** Peak shaving: the grid import kept under (kW) and the SoC held for it. */
  importLimitKw?: number;
  reserveSoc?: number;
}

/** The mode in force at a local hour: the work mode, or the first schedule period covering the hour. */
export function activeMode(settings: PlantSettings, localHour: number): ActiveMode {
  if (settings.WorkMode === 'PeakShaving')
    return { mode: 'PeakShaving', importLimitKw: settings.PeakShavingImportLimit, reserveSoc: settings.PeakShavingSoc };
  if (settings.WorkMode !== 'TimePeriods') return { mode: settings.WorkMode };
  const minute = localHour * 60;
  for (const period of settings.SchedulePeriods) {
    const start = minutesOfClock(period.start);
    const end = minutesOfClock(period.end);
    const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
    if (inside)
      return { mode: period.mode, powerKw: period.fdPwr / 1000, minSoc: period.minSocOnGrid, maxSoc: period.maxSoc, fdSoc: period.fdSoc };
  }
  return { mode: 'SelfUse' };
}

/** A period as saved before periods had their own SoC limits (a power in kW and one target SoC). */
type EarlierPeriod = Pick<SchedulePeriod, 'start' | 'end' | 'mode'> & { powerKw?: number; targetSoc?: number };

/**
 * Settings saved by an earlier simulator, in today's shape: settings it did not have yet take their
 * defaults; an earlier period's power (kW) becomes its fdPwr (W, at most 6000), its target SoC the
 * maxSoc of a charge or the FDSoC of a discharge.
 */
export function upgradeSettings(saved: PlantSettings, defaults: PlantSettings): PlantSettings {
  const settings = { ...defaults, ...saved };
  const periods = settings.SchedulePeriods as (SchedulePeriod | EarlierPeriod)[];
  if (periods.every((period) => 'fdPwr' in period)) return settings;
  return {
    ...settings,
    SchedulePeriods: periods.map((period) => {
      if ('fdPwr' in period) return period;
      const { start, end, mode, powerKw, targetSoc } = period;
      const minSocOnGrid = settings.MinSoc;
      return {
        start,
        end,
        mode,
        minSocOnGrid,
        fdSoc: mode === 'ForceDischarge' ? Math.max(minSocOnGrid, targetSoc ?? minSocOnGrid) : minSocOnGrid,
        fdPwr: Math.min(LIMITS.power.max, Math.round((powerKw ?? settings.ForceChargePower) * 1000)),
        maxSoc: mode === 'ForceCharge' ? (targetSoc ?? settings.MaxSoc) : settings.MaxSoc,
      };
    }),
  };
}
