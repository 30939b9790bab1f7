import { CT_DIRECTIONS, WORK_MODES } from '@sunstack/shared';
import type { TFunction } from 'i18next';

/** How a setting is edited and written: a choice (work mode, CT direction), or a number with its unit. */
export type SettingKind = 'workMode' | 'direction' | 'soc' | 'power' | 'ratio' | 'count';

/**
 * The settings edited one value at a time, of every device kind that has settings, in the order screens show
 * them: an inverter's (schedule periods are shown, not edited here), a meter's, an EMS's.
 */
export const SETTING_FIELDS: { key: string; kind: SettingKind }[] = [
  { key: 'WorkMode', kind: 'workMode' },
  { key: 'MinSoc', kind: 'soc' },
  { key: 'OffGridMinSoc', kind: 'soc' },
  { key: 'MaxSoc', kind: 'soc' },
  { key: 'ExportLimit', kind: 'power' },
  { key: 'ForceChargePower', kind: 'power' },
  { key: 'ForceDischargePower', kind: 'power' },
  { key: 'PeakShavingImportLimit', kind: 'power' },
  { key: 'PeakShavingSoc', kind: 'soc' },
  { key: 'CtRatio', kind: 'ratio' },
  { key: 'CtDirection', kind: 'direction' },
  { key: 'DeviceCount', kind: 'count' },
];

const UNITS: Partial<Record<SettingKind, string>> = { soc: '%', power: 'kW' };
export const unitOf = (kind: SettingKind) => UNITS[kind];
/** Steps of a number field: whole SoC, ratio and count, tenths of a kW. */
export const stepOf = (kind: SettingKind) => (kind === 'power' ? 0.1 : 1);

const CHOICES: Partial<Record<SettingKind, { values: readonly string[]; section: string }>> = {
  workMode: { values: WORK_MODES, section: 'remoteSetting.workModes' },
  direction: { values: CT_DIRECTIONS, section: 'remoteSetting.ctDirections' },
};

/** Whether a device offers peak shaving: it reports the mode's settings only then. */
export const offersPeakShaving = (settings: Record<string, unknown>) => settings.PeakShavingSoc !== undefined;

/** The translated choices of a choice setting (peak shaving only where the device offers it); none for a number. */
export function choicesOf(t: TFunction, kind: SettingKind, peakShaving: boolean) {
  const choices = CHOICES[kind];
  return choices?.values
    .filter((value) => peakShaving || value !== 'PeakShaving')
    .map((value) => ({ value, label: t(`${choices.section}.${value}`, { defaultValue: value }) }));
}

/** A setting's value as screens write it: a choice by its translated name, a number with its unit. */
export function settingText(t: TFunction, kind: SettingKind, value: unknown): string {
  if (value === undefined || value === null) return '—';
  const choices = CHOICES[kind];
  if (choices) return t(`${choices.section}.${value}`, { defaultValue: String(value) });
  const unit = UNITS[kind];
  return unit ? `${value} ${unit}` : String(value);
}
