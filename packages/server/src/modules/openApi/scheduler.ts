import {
  Errno,
  LIMITS,
  minutesOfClock,
  type OpForceChargeTimeBody,
  type OpGroupV1,
  type OpGroupV3,
  type PeriodMode,
  type PlantSettings,
  type SchedulePeriod,
  type SettingsChange,
  settingsChange,
} from '@sunstack/shared';
import { AppError } from '../../http/errors.ts';

/**
 * FoxESS's scheduler, force-charge times and work modes on Sunstack's settings (contracts/settings.ts):
 * the scheduler is `WorkMode: TimePeriods` with its `SchedulePeriods`; a FoxESS group is a period
 * (times to the minute, the end minute inclusive), its fdPwr (W) the period's power (kW), its fdSoc the
 * period's target SoC. The values a Sunstack device keeps once (minSocOnGrid, maxSoc) are answered from
 * the device's MinSoc and MaxSoc and not written per group (ARCHITECTURE.md, Open API deviations).
 */

/** FoxESS's mode names that differ from Sunstack's. */
const TO_SUNSTACK: Record<string, PeriodMode> = {
  SelfUse: 'SelfUse',
  Feedin: 'FeedInPriority',
  Backup: 'Backup',
  ForceCharge: 'ForceCharge',
  ForceDischarge: 'ForceDischarge',
};
export const toFoxMode = (mode: string) => (mode === 'FeedInPriority' ? 'Feedin' : mode);
/** Work modes setting/set takes (FoxESS's settable modes: those without "Force"). */
export const SETTABLE_WORK_MODES = ['SelfUse', 'Feedin', 'Backup'] as const;

/** Sunstack keeps at most 8 periods (spec section 5); FoxESS reports its own maxGroupCount. */
export const MAX_GROUP_COUNT = LIMITS.strategyPeriods.max;

const pad = (n: number) => String(n).padStart(2, '0');
const clockOf = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
const DAY_MINUTES = 24 * 60;

/** The scheduler is on when the device follows its periods. */
export const schedulerEnabled = (settings: Pick<PlantSettings, 'WorkMode'>) => settings.WorkMode === 'TimePeriods';

/**
 * FoxESS refuses setting/set, soc/set and forceChargeTime/set while a schedule is enabled (44096).
 * Force-charge times are schedule periods here, so a schedule of force-charge periods alone (what
 * forceChargeTime/set makes) does not lock them.
 */
export function scheduleLocked(settings: Pick<PlantSettings, 'WorkMode' | 'SchedulePeriods'>) {
  return schedulerEnabled(settings) && settings.SchedulePeriods.some((period) => period.mode !== 'ForceCharge');
}

/** A FoxESS group's values, flat (v1) or under extraParam (v3). */
interface GroupValues {
  enable: number;
  startHour: number;
  startMinute: number;
  endHour: number;
  endMinute: number;
  workMode: string;
  minSocOnGrid: number;
  fdSoc: number;
  fdPwr: number;
  maxSoc: number;
}

/** Periods as FoxESS groups: a period across midnight is two groups (FoxESS's never cross it), unused slots "Invalid". */
export function groupsOf(settings: Pick<PlantSettings, 'SchedulePeriods' | 'MinSoc' | 'MaxSoc'>): GroupValues[] {
  const groups: GroupValues[] = [];
  for (const period of settings.SchedulePeriods) {
    const start = minutesOfClock(period.start);
    const end = minutesOfClock(period.end) || DAY_MINUTES;
    const windows =
      start < end
        ? [[start, end]]
        : [
            [start, DAY_MINUTES],
            [0, end],
          ];
    for (const [from, to] of windows as [number, number][]) {
      const last = to - 1; // FoxESS's end minute is inclusive
      groups.push({
        enable: 1,
        startHour: Math.floor(from / 60),
        startMinute: from % 60,
        endHour: Math.floor(last / 60),
        endMinute: last % 60,
        workMode: toFoxMode(period.mode),
        minSocOnGrid: period.minSocOnGrid,
        fdSoc: period.fdSoc,
        fdPwr: period.fdPwr,
        maxSoc: period.maxSoc,
      });
    }
  }
  while (groups.length < MAX_GROUP_COUNT) {
    groups.push({
      enable: 0,
      startHour: 0,
      startMinute: 0,
      endHour: 0,
      endMinute: 0,
      workMode: 'Invalid',
      minSocOnGrid: 10,
      fdSoc: 10,
      fdPwr: 0,
      maxSoc: 100,
    });
  }
  return groups;
}

/** The ranges of the properties FoxESS answers with its groups. */
export const SCHEDULER_PROPERTIES = {
  starthour: { unit: '', precision: 1, range: { min: 0, max: 23 } },
  startminute: { unit: '', precision: 1, range: { min: 0, max: 59 } },
  endhour: { unit: '', precision: 1, range: { min: 0, max: 23 } },
  endminute: { unit: '', precision: 1, range: { min: 0, max: 59 } },
  workmode: { unit: '', precision: 1, enumList: ['SelfUse', 'Feedin', 'Backup', 'ForceCharge', 'ForceDischarge'] },
  minsocongrid: { unit: '%', precision: 1, range: { min: LIMITS.soc.min, max: LIMITS.soc.max } },
  fdsoc: { unit: '%', precision: 1, range: { min: LIMITS.soc.min, max: LIMITS.soc.max } },
  fdpwr: { unit: 'W', precision: 1, range: { min: LIMITS.power.min, max: LIMITS.power.max } },
  maxsoc: { unit: '%', precision: 1, range: { min: LIMITS.soc.min, max: LIMITS.soc.max } },
};

const badBody = () => new AppError(Errno.bodyInvalid);

/** The flat values of a v1 or v3 group. */
export const flatGroup = (group: OpGroupV1 | OpGroupV3) => ('extraParam' in group ? { ...group, ...group.extraParam } : group);

/**
 * Enabled FoxESS groups as Sunstack periods (end minute inclusive → exclusive); checkedChange judges
 * them (overlap 42023, a period under 30 minutes or more than 8: 40257). A mode Sunstack lacks, an end
 * before the start or fdSoc below minSocOnGrid: 40257.
 */
export function periodsOf(groups: (OpGroupV1 | OpGroupV3)[]): SchedulePeriod[] {
  const periods: SchedulePeriod[] = [];
  for (const group of groups.map(flatGroup)) {
    if (group.enable === 0 || group.enable === false || group.workMode === 'Invalid') continue;
    const mode = TO_SUNSTACK[group.workMode];
    if (!mode) throw badBody();
    const start = group.startHour * 60 + group.startMinute;
    const end = group.endHour * 60 + group.endMinute + 1;
    if (end <= start) throw badBody();
    if (group.fdSoc !== undefined && group.minSocOnGrid !== undefined && group.fdSoc < group.minSocOnGrid) throw badBody();
    // A group without its limits takes the widest: SoC from the lowest to full, no forced power.
    const minSocOnGrid = group.minSocOnGrid ?? LIMITS.soc.min;
    periods.push({
      start: clockOf(start),
      end: clockOf(end),
      mode,
      minSocOnGrid,
      fdSoc: group.fdSoc ?? minSocOnGrid,
      fdPwr: group.fdPwr ?? LIMITS.power.min,
      maxSoc: group.maxSoc ?? LIMITS.soc.max,
    });
  }
  return periods;
}

/**
 * A change checked by the shared schema before anything is sent (the device checks it again):
 * overlapping periods answer 42023 as FoxESS does, anything else it refuses 40257.
 */
export function checkedChange(change: SettingsChange): SettingsChange {
  const parsed = settingsChange.safeParse(change);
  if (parsed.success) return parsed.data;
  const overlap = parsed.error.issues.some((issue) => issue.message === 'validation.periodsOverlap');
  throw overlap ? new AppError(Errno.schedulePeriodsOverlap) : badBody();
}

const minutesOfTime = ({ hour, minute }: { hour: number; minute: number }) => hour * 60 + minute;

/** The first two force-charge periods as FoxESS's two windows (a missing one: disabled, 00:00-00:00). */
export function forceChargeTimesOf(settings: Pick<PlantSettings, 'WorkMode' | 'SchedulePeriods'>) {
  const periods = schedulerEnabled(settings) ? settings.SchedulePeriods.filter((p) => p.mode === 'ForceCharge').slice(0, 2) : [];
  const window = (period: SchedulePeriod | undefined) => {
    if (!period) return { enable: false, start: { hour: 0, minute: 0 }, end: { hour: 0, minute: 0 } };
    const start = minutesOfClock(period.start);
    const last = ((minutesOfClock(period.end) || DAY_MINUTES) - 1 + DAY_MINUTES) % DAY_MINUTES;
    return {
      enable: true,
      start: { hour: Math.floor(start / 60), minute: start % 60 },
      end: { hour: Math.floor(last / 60), minute: last % 60 },
    };
  };
  const [first, second] = [window(periods[0]), window(periods[1])];
  return {
    enable1: first.enable,
    startTime1: first.start,
    endTime1: first.end,
    enable2: second.enable,
    startTime2: second.start,
    endTime2: second.end,
  };
}

/**
 * FoxESS's two windows as the device's schedule: each enabled window a force-charge period (its end
 * minute inclusive; a window may cross midnight), the schedule on while one is enabled, self use
 * when none is.
 */
export function forceChargeChange(body: OpForceChargeTimeBody): SettingsChange {
  const windows = [
    { enable: body.enable1, start: body.startTime1, end: body.endTime1 },
    { enable: body.enable2, start: body.startTime2, end: body.endTime2 },
  ].filter((w) => w.enable);
  // FoxESS's windows carry no power or SoC: charge at the most a period takes, to full, from the lowest floor.
  const periods = windows.map((w) => ({
    start: clockOf(minutesOfTime(w.start)),
    end: clockOf((minutesOfTime(w.end) + 1) % DAY_MINUTES),
    mode: 'ForceCharge' as const,
    minSocOnGrid: LIMITS.soc.min,
    fdSoc: LIMITS.soc.min,
    fdPwr: LIMITS.power.max,
    maxSoc: LIMITS.soc.max,
  }));
  return checkedChange(
    periods.length > 0 ? { WorkMode: 'TimePeriods', SchedulePeriods: periods } : { WorkMode: 'SelfUse', SchedulePeriods: [] },
  );
}
