import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { COMMAND_TYPES } from '../protocol.ts';
import { deviceSnSchema } from './device.ts';
import { DEVICE_SETTING_KEYS } from './deviceSettings.ts';
import { pageFields } from './plant.ts';

/**
 * Commands to devices (protocol.md, downlink): a command is a row first, sent to its datalogger on
 * `dl/{sn}/down/cmd`, and its state comes only from the device's replies or from expiry.
 */
export const COMMAND_STATES = ['queued', 'sent', 'accepted', 'progress', 'done', 'failed', 'expired', 'cancelled'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
/** States after which nothing changes any more. */
export const FINAL_COMMAND_STATES: readonly CommandState[] = ['done', 'failed', 'expired', 'cancelled'];

export const commandIdSchema = z.uuid({ error: 'validation.invalid' });

const settingKey = z.enum(DEVICE_SETTING_KEYS, { error: 'validation.settingUnknown' });
export type DeviceSettingKey = z.infer<typeof settingKey>;

/** The keys name settings of any kind; the server refuses those the device's kind lacks (contracts/deviceSettings.ts). */
export const settingGetBody = z.strictObject({
  sn: deviceSnSchema,
  /** The settings to read; none: every setting the device has. */
  keys: z.array(settingKey).max(DEVICE_SETTING_KEYS.length).optional(),
});
export type SettingGetBody = z.infer<typeof settingGetBody>;

/** The settings are checked against the schema of the device's kind (an inverter's, a meter's, an EMS's) by the server. */
export const settingSetBody = z.strictObject({
  sn: deviceSnSchema,
  settings: z.record(z.string(), z.unknown()).refine((change) => Object.keys(change).length > 0, { error: 'validation.settingsEmpty' }),
});
export type SettingSetBody = z.infer<typeof settingSetBody>;

export const commandQueued = z.object({ commandId: z.string() });

/** A datalogger's sampling interval in seconds (config.set). */
export const samplingIntervalSchema = z
  .number({ error: 'validation.intervalRange' })
  .int({ error: 'validation.intervalRange' })
  .min(LIMITS.samplingIntervalSec.min, { error: 'validation.intervalRange' })
  .max(LIMITS.samplingIntervalSec.max, { error: 'validation.intervalRange' });
/** config.set goes to the datalogger the device hangs on: its sampling applies to every device behind it. */
export const configSetBody = z.strictObject({ sn: deviceSnSchema, intervalSec: samplingIntervalSchema });
export type ConfigSetBody = z.infer<typeof configSetBody>;
export const rebootBody = z.strictObject({ sn: deviceSnSchema });
export type RebootBody = z.infer<typeof rebootBody>;

/** A value as the device last reported it: the newest setting.get result or applied setting.set holding it. */
export const reportedValue = z.object({ value: z.unknown(), at: z.number() });
export type ReportedValue = z.infer<typeof reportedValue>;
/**
 * What the console knows of a device's settings without asking it: each setting as last reported,
 * the sampling interval its datalogger last confirmed, and whether the datalogger is connected now
 * (commands for one that is not wait until it connects, or expire).
 */
export const deviceSettingsReported = z.object({
  sn: z.string(),
  connected: z.boolean(),
  /** Whether the caller may command the device (others see, and send nothing). */
  controllable: z.boolean(),
  /** The zone of the device's plant, which its times are shown in (UTC for a device in no plant). */
  timeZone: z.string(),
  settings: z.partialRecord(settingKey, reportedValue),
  intervalSec: reportedValue.nullable(),
});
export type DeviceSettingsReported = z.infer<typeof deviceSettingsReported>;
export type ReportedSettings = Partial<Record<DeviceSettingKey, ReportedValue>>;

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
  type: z.enum(COMMAND_TYPES).optional(),
  /** The commands of one batch (group remote). */
  batchId: z.uuid({ error: 'validation.invalid' }).optional(),
});
export type CommandListBody = z.infer<typeof commandListBody>;

export const commandListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  commands: z.array(command),
});

/** An event of a device's command stream: the commands that changed since the previous one (the first: those still open). */
export const commandStreamEvent = z.object({ commands: z.array(command) });
export type CommandStreamEvent = z.infer<typeof commandStreamEvent>;
