import type { Command, SchedulePeriod } from '@sunstack/shared';
import type { TFunction } from 'i18next';
import { SETTING_FIELDS, settingText } from './settingFields.ts';

const kindOf = (key: string) => SETTING_FIELDS.find((setting) => setting.key === key)?.kind;
/** The screens' order of the settings; others (schedule periods, keys the console does not know) after them. */
const rank = (key: string) => {
  const index = SETTING_FIELDS.findIndex((setting) => setting.key === key);
  return index < 0 ? SETTING_FIELDS.length : index;
};

/** Settings as "Work mode Backup, Minimum SoC 20 %" in the screens' order; schedule periods by their count; unknown keys by name. */
export function settingsText(t: TFunction, settings: Record<string, unknown>): string {
  return Object.entries(settings)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => {
      if (key === 'SchedulePeriods') return t('remoteSetting.periodCount', { count: Array.isArray(value) ? value.length : 0 });
      const kind = kindOf(key);
      const label = kind ? t(`remoteSetting.settings.${key}`) : key;
      return `${label} ${kind ? settingText(t, kind, value) : JSON.stringify(value)}`;
    })
    .join(', ');
}

/** What a command asks for, as a person reads it. */
export function commandText(t: TFunction, command: Pick<Command, 'type' | 'params'>): string {
  const name = t(`remoteSetting.types.${command.type}`, { defaultValue: command.type });
  if (command.type === 'setting.set') return `${name}: ${settingsText(t, command.params)}`;
  if (command.type === 'config.set') return `${name}: ${command.params.intervalSec} s`;
  return name;
}

/** What the device answered: the values it read or applied, its error, or nothing yet. */
export function answerText(t: TFunction, command: Pick<Command, 'type' | 'result' | 'error'>): string {
  if (command.error) return command.error;
  if (!command.result) return '';
  if (command.type === 'setting.get' || command.type === 'setting.set') return settingsText(t, command.result);
  return '';
}

/** A time period as a person reads it: "02:00–05:00 · Force charge · 3000 W, SoC 20–90 %, FDSoC 30 %". */
export function periodText(t: TFunction, period: SchedulePeriod): string {
  const limits = t('workMode.periodSummary', { power: period.fdPwr, min: period.minSocOnGrid, max: period.maxSoc, fd: period.fdSoc });
  return `${period.start}–${period.end} · ${t(`remoteSetting.workModes.${period.mode}`)} · ${limits}`;
}
