import { z } from 'zod';
import { FIRMWARE_CODE_PATTERN, FIRMWARE_VERSION_PATTERN } from '../limits.ts';
import type { Permission } from '../permissions.ts';
import { epochMsSchema } from './common.ts';
import { idSchema, pageFields } from './plant.ts';

/**
 * The firmware library (issue 20; spec sections 3, 5, 6): images of .hex or .bin, stored once by their SHA-256,
 * described by version, code, device type, series and type, with limits that decide which devices may take them.
 */

/** What a firmware image is for (spec section 3, "firmware type"). */
export const FIRMWARE_TYPES = ['master', 'slave', 'manager', 'afci', 'module', 'battery', 'heatPump', 'ems', 'gateway'] as const;
export type FirmwareType = (typeof FIRMWARE_TYPES)[number];

/**
 * The device kinds upgraded over the air here, each behind its permission switch (spec section 6); `module` is the
 * datalogger itself (its own firmware, protocol.md target "module"), upgraded on its own screens.
 */
export const UPGRADE_DEVICE_TYPES = ['inverter', 'battery', 'ems', 'gateway', 'heatPump', 'module'] as const;
export type UpgradeDeviceType = (typeof UPGRADE_DEVICE_TYPES)[number];

/** The switch that allows upgrading each kind (spec section 6). */
export const UPGRADE_SWITCH_OF = {
  inverter: 'upgrade.inverter',
  battery: 'upgrade.battery',
  ems: 'upgrade.ems',
  gateway: 'upgrade.gateway',
  heatPump: 'upgrade.heatPump',
  module: 'upgrade.module',
} as const satisfies Record<UpgradeDeviceType, Permission>;

/** The firmware types a device kind takes, and the protocol's `target` and inventory key of each. */
export const FIRMWARE_TYPES_OF: Record<UpgradeDeviceType, readonly FirmwareType[]> = {
  inverter: ['master', 'slave', 'manager', 'afci'],
  battery: ['battery'],
  ems: ['ems'],
  gateway: ['gateway'],
  heatPump: ['heatPump'],
  module: ['module'],
};
/** The protocol's `target` (firmware.upgrade) of a firmware type; the device's inventory reports the version under the same key, `master` for the single-image kinds. */
export const targetOf = (type: FirmwareType): 'master' | 'slave' | 'manager' | 'afci' | 'module' | 'battery' =>
  type === 'heatPump' || type === 'ems' || type === 'gateway' ? 'master' : type;
/** Where a device's inventory keeps the version of a firmware type (a battery reports its own as `master`). */
export const inventoryKeyOf = (type: FirmwareType): string => (type === 'battery' ? 'master' : targetOf(type));

/** A device's property a limit compares: its model, its vendor (the SN's first two characters) or its plant's country. */
export const LIMIT_FIELDS = ['model', 'vendor', 'country'] as const;
export const LIMIT_OPERATORS = ['eq', 'gt', 'lt', 'ne'] as const;
export type LimitOperator = (typeof LIMIT_OPERATORS)[number];
export const firmwareLimit = z.strictObject({
  field: z.enum(LIMIT_FIELDS),
  operator: z.enum(LIMIT_OPERATORS),
  value: z.string().trim().min(1, { error: 'firmware.limitValue' }).max(64, { error: 'firmware.limitValue' }),
});
export type FirmwareLimit = z.infer<typeof firmwareLimit>;

/** Text compared as people read versions and model names: "S-10" after "S-9", case ignored. */
const naturalCompare = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/** Whether a device's value passes a limit: equal and unequal ignore case, greater and less compare numbers inside the text as numbers. */
export function limitHolds(limit: FirmwareLimit, value: string): boolean {
  const order = naturalCompare(value, limit.value);
  if (limit.operator === 'eq') return order === 0;
  if (limit.operator === 'ne') return order !== 0;
  if (limit.operator === 'gt') return order > 0;
  return order < 0;
}

/** The firmware's name for people, and its file's name. */
const firmwareName = z.string().trim().min(1, { error: 'firmware.nameLength' }).max(64, { error: 'firmware.nameLength' });
/** Spec section 5: a version with 1 to 4 decimal places ("1.42", "2.0513"). */
export const firmwareVersionSchema = z.string().trim().regex(FIRMWARE_VERSION_PATTERN, { error: 'firmware.versionInvalid' });
/** Spec section 5: 8 uppercase letters or digits. */
export const firmwareCodeSchema = z.string().trim().regex(FIRMWARE_CODE_PATTERN, { error: 'firmware.codeInvalid' });
const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, { error: 'firmware.hashInvalid' });
/** The file types a firmware image may have (spec section 3). */
export const FIRMWARE_EXTENSIONS = ['.hex', '.bin'] as const;
/** A firmware image is at most 64 MB (the largest inverter images are a few MB). */
export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;
const fileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/\.([hH][eE][xX]|[bB][iI][nN])$/, { error: 'firmware.onlyHexBin' });

/** An upload begins with the whole file's name, size and SHA-256 (hashed in the browser, slice by slice). */
export const firmwareUploadStartBody = z.strictObject({
  fileName: fileNameSchema,
  size: z.number().int().min(1, { error: 'firmware.empty' }).max(FIRMWARE_MAX_BYTES, { error: 'firmware.tooLarge' }),
  sha256: sha256Schema,
});
export type FirmwareUploadStartBody = z.infer<typeof firmwareUploadStartBody>;
/** The upload's id, its slice size, and the slices already received (a resumed upload sends only the rest). */
export const firmwareUploadState = z.object({
  uploadId: z.string(),
  sliceBytes: z.number(),
  slices: z.number(),
  received: z.array(z.number()),
});
export type FirmwareUploadState = z.infer<typeof firmwareUploadState>;
/** An upload's id: the caller's account and the file's SHA-256, so the same file resumes where it stopped. */
export const firmwareUploadIdSchema = z.string().regex(/^[0-9]{1,16}-[0-9a-f]{64}$/, { error: 'firmware.uploadUnknown' });

export const firmwareCreateBody = z.strictObject({
  uploadId: firmwareUploadIdSchema,
  name: firmwareName,
  version: firmwareVersionSchema,
  code: firmwareCodeSchema,
  deviceType: z.enum(UPGRADE_DEVICE_TYPES),
  series: z.string().trim().min(1, { error: 'firmware.seriesLength' }).max(32, { error: 'firmware.seriesLength' }),
  firmwareType: z.enum(FIRMWARE_TYPES),
  releaseTime: epochMsSchema,
  internal: z.boolean(),
  limits: z.array(firmwareLimit).max(20),
});
export type FirmwareCreateBody = z.infer<typeof firmwareCreateBody>;

export const firmwareListBody = z.strictObject({
  ...pageFields,
  name: z.string().trim().max(64).optional(),
  version: z.string().trim().max(16).optional(),
  deviceType: z.enum(UPGRADE_DEVICE_TYPES).optional(),
  firmwareType: z.enum(FIRMWARE_TYPES).optional(),
  published: z.boolean().optional(),
});
export type FirmwareListBody = z.infer<typeof firmwareListBody>;
export const firmwareIdBody = z.strictObject({ id: idSchema });
export const firmwareIdQuery = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const firmware = z.object({
  id: z.number(),
  name: z.string(),
  fileName: z.string(),
  version: z.string(),
  code: z.string(),
  deviceType: z.enum(UPGRADE_DEVICE_TYPES),
  series: z.string(),
  firmwareType: z.enum(FIRMWARE_TYPES),
  fileType: z.enum(['hex', 'bin']),
  size: z.number(),
  sha256: z.string(),
  releaseTime: z.number(),
  uploadedAt: z.number(),
  internal: z.boolean(),
  published: z.boolean(),
  publishedAt: z.number().nullable(),
  limits: z.array(firmwareLimit),
  /** Whether a version of this series is blacklisted. */
  blacklisted: z.boolean(),
  /** Whether a running upgrade task uses it (it cannot be deleted then). */
  inUse: z.boolean(),
  uploadedBy: z.string(),
});
export type Firmware = z.infer<typeof firmware>;
export const firmwareListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  firmware: z.array(firmware),
});

/** Blacklist (spec section 3): a version of a series that is never sent. */
export const blacklistSetBody = z.strictObject({
  version: firmwareVersionSchema,
  series: z.string().trim().min(1, { error: 'firmware.seriesLength' }).max(32, { error: 'firmware.seriesLength' }),
  reason: z.string().trim().min(1, { error: 'blacklist.reasonLength' }).max(200, { error: 'blacklist.reasonLength' }),
});
export type BlacklistSetBody = z.infer<typeof blacklistSetBody>;
export const blacklistListBody = z.strictObject({ ...pageFields, series: z.string().trim().max(32).optional() });
export type BlacklistListBody = z.infer<typeof blacklistListBody>;
export const blacklistEntry = z.object({
  id: z.number(),
  version: z.string(),
  series: z.string(),
  reason: z.string(),
  operatedBy: z.string(),
  operatedAt: z.number(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntry>;
export const blacklistListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  entries: z.array(blacklistEntry),
});
/** How many devices' waiting upgrades stopped at once. */
export const blacklistSetResult = z.object({ id: z.number(), stopped: z.number() });
