import { z } from 'zod';
import { COMMAND_TYPES } from '../protocol.ts';
import { deviceSnSchema } from './device.ts';
import { pageFields } from './plant.ts';
import { SETTING_KEYS, settingsChange } from './settings.ts';

/**
 * Commands to devices (protocol.md, downlink): a command is a row first, sent to its datalogger on
 * `dl/{sn}/down/cmd`, and its state comes only from the device's replies or from expiry.
 */
export const COMMAND_STATES = ['queued', 'sent', 'accepted', 'progress', 'done', 'failed', 'expired', 'cancelled'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** States after which nothing changes any more. */
export const FINAL_COMMAND_STATES: readonly CommandState[] = ['done', 'failed', 'expired', 'cancelled'];

export const commandIdSchema = z.uuid({ error: 'validation.invalid' });

export const settingGetBody = z.strictObject({
  sn: deviceSnSchema,
  /** The settings to read; none: every setting the device has. */
  keys: z
    .array(z.enum(SETTING_KEYS, { error: 'validation.settingUnknown' }))
    .max(SETTING_KEYS.length)
    .optional(),
});
export type SettingGetBody = z.infer<typeof settingGetBody>;

export const settingSetBody = z.strictObject({ sn: deviceSnSchema, settings: settingsChange });
export type SettingSetBody = z.infer<typeof settingSetBody>;

export const commandQueued = z.object({ commandId: z.string() });

export const commandIdQuery = z.strictObject({ id: commandIdSchema });
export const commandCancelBody = z.strictObject({ id: commandIdSchema });

export const command = z.object({
  id: z.string(),
  sn: z.string(),
  dataloggerSn: z.string(),
  type: z.enum(COMMAND_TYPES),
  params: z.record(z.string(), z.unknown()),
  state: z.enum(COMMAND_STATES),
  progress: z.number().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
  updatedAt: z.number(),
  expiresAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type Command = z.infer<typeof command>;

export const commandListBody = z.strictObject({
  ...pageFields,
  sn: deviceSnSchema.optional(),
  state: z.enum(COMMAND_STATES).optional(),
});
export type CommandListBody = z.infer<typeof commandListBody>;

export const commandListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  commands: z.array(command),
});
