import type { SettingKey, WorkMode } from '@sunstack/shared';

/** How the remote setting screen edits a setting: a work mode, a SoC (%) or a power (kW). */
export type SettingKind = 'workMode' | 'soc' | 'power';

/** The settings edited one value at a time, in the order the screen shows them (schedule periods are shown, not edited here). */
export const EDITABLE_SETTINGS: { key: Exclude<SettingKey, 'SchedulePeriods'>; kind: SettingKind }[] = [
  { key: 'WorkMode', kind: 'workMode' },
  { key: 'MinSoc', kind: 'soc' },
  { key: 'MaxSoc', kind: 'soc' },
  { key: 'ExportLimit', kind: 'power' },
  { key: 'ForceChargePower', kind: 'power' },
  { key: 'ForceDischargePower', kind: 'power' },
];

export const UNIT: Record<Exclude<SettingKind, 'workMode'>, string> = { soc: '%', power: 'kW' };

/** A setting's value as the screen writes it: a work mode by its translated name, a number with its unit. */
export function settingText(kind: SettingKind, value: unknown, workModeName: (mode: WorkMode) => string): string {
  if (value === undefined || value === null) return '—';
  if (kind === 'workMode') return workModeName(value as WorkMode);
  return `${value} ${UNIT[kind]}`;
}
