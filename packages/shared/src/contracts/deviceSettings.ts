import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import type { DeviceType } from './device.ts';
import { plantSettings, settingsChange } from './settings.ts';

/**
 * The settings of each device kind that has any, over `setting.get` / `setting.set` (protocol.md):
 * an inverter's (contracts/settings.ts; its battery's settings are the inverter's), a meter's and an
 * EMS's. One table for the server's check before anything is sent, the console's forms and the
 * simulated devices. Keys are the device's own names; messages are keys of the web's `validation`.
 */

/** A whole number within `range`, anything else refused with `error`. */
const wholeNumber = (range: { min: number; max: number }, error: string) =>
  z.number({ error }).int({ error }).min(range.min, { error }).max(range.max, { error });

/** Which way the meter's current transformers are mounted: reversed ones measure export as import. */
export const CT_DIRECTIONS = ['Forward', 'Reverse'] as const;
export type CtDirection = (typeof CT_DIRECTIONS)[number];

export const meterSettings = z.strictObject({
  /** Primary over secondary current of the current transformers (200/5 A is 40); the meter multiplies what it measures by it. */
  CtRatio: wholeNumber(LIMITS.ctRatio, 'validation.ctRatioRange'),
  CtDirection: z.enum(CT_DIRECTIONS, { error: 'validation.ctDirection' }),
});
export type MeterSettings = z.infer<typeof meterSettings>;

export const emsSettings = z.strictObject({
  /** How many devices the EMS manages on its bus (spec section 5: 1-65535); it polls the addresses 1 to this. */
  DeviceCount: wholeNumber(LIMITS.emsCount, 'validation.emsCountRange'),
});
export type EmsSettings = z.infer<typeof emsSettings>;

/** A change of some settings of a kind: at least one key, each valid. */
const changeOf = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) =>
  schema.partial().refine((change) => Object.keys(change).length > 0, { error: 'validation.settingsEmpty' });

type Kind = {
  /** Every setting of the kind, for forms to check one field at a time. */
  schema: z.ZodObject;
  keys: readonly string[];
  /** What a change of them must be: at least one, each valid, and valid together. */
  change: z.ZodType<Record<string, unknown>>;
};
const kindOf = (schema: z.ZodObject, change: z.ZodType<Record<string, unknown>>): Kind => ({
  schema,
  keys: Object.keys(schema.shape),
  change,
});

/** The device kinds that take settings. */
export const SETTINGS_KINDS = {
  inverter: kindOf(plantSettings, settingsChange),
  meter: kindOf(meterSettings, changeOf(meterSettings)),
  ems: kindOf(emsSettings, changeOf(emsSettings)),
} satisfies Record<string, Kind>;
export type SettingsKind = keyof typeof SETTINGS_KINDS;

/** Whose settings a device answers with: an inverter's, a meter's, an EMS's; none for other kinds. A battery's are its inverter's. */
export function settingsKindOf(type: DeviceType): SettingsKind | undefined {
  if (type === 'inverter' || type === 'battery') return 'inverter';
  if (type === 'meter' || type === 'ems') return type;
  return undefined;
}

/** Every key of every kind: what a call may name before the device's kind is known. */
export const DEVICE_SETTING_KEYS = [...new Set(Object.values(SETTINGS_KINDS).flatMap((kind) => kind.keys))] as [string, ...string[]];
