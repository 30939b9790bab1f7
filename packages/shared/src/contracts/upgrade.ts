import { z } from 'zod';
import { UPGRADE_DEVICE_TYPES } from './firmware.ts';
import { idSchema, pageFields } from './plant.ts';

/**
 * Upgrade tasks (issue 20; spec sections 3 and 4): one firmware sent to one device or a batch of devices of its kind,
 * each as a `firmware.upgrade` command of the command path; devices the firmware's limits exclude, that already run
 * it, that are upgrading, or whose target version is blacklisted are listed as skipped with the reason, never sent.
 */

/** A device of a task: spec section 4's upgrade status (waiting, delivering, upgrading, failure) and what became of it. */
export const UPGRADE_STATES = ['waiting', 'delivering', 'upgrading', 'done', 'failed', 'skipped'] as const;
export type UpgradeState = (typeof UPGRADE_STATES)[number];
/** Why a device was not sent the firmware. */
export const SKIP_REASONS = ['limits', 'sameVersion', 'blacklisted', 'busy', 'wrongKind'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

const snSchema = z.string().trim().min(1).max(64);
export const UPGRADE_TASK_MAX_DEVICES = 10_000;

export const upgradeCreateBody = z.strictObject({
  name: z.string().trim().min(1, { error: 'upgrade.nameLength' }).max(64, { error: 'upgrade.nameLength' }),
  firmwareId: idSchema,
  sns: z.array(snSchema).min(1, { error: 'upgrade.snRequired' }).max(UPGRADE_TASK_MAX_DEVICES, { error: 'upgrade.tooMany' }),
});
export type UpgradeCreateBody = z.infer<typeof upgradeCreateBody>;
/** The task; the SNs it refused (missing, or out of the caller's reach: one answer for both) are never sent. */
export const upgradeCreated = z.object({ id: z.number(), sent: z.number(), skipped: z.number(), refused: z.array(z.string()) });

export const upgradeCounts = z.object({
  total: z.number(),
  waiting: z.number(),
  delivering: z.number(),
  upgrading: z.number(),
  completed: z.number(),
  failed: z.number(),
  skipped: z.number(),
});
export type UpgradeCounts = z.infer<typeof upgradeCounts>;

export const upgradeTask = z.object({
  id: z.number(),
  name: z.string(),
  deviceType: z.enum(UPGRADE_DEVICE_TYPES),
  firmwareId: z.number(),
  firmwareName: z.string(),
  expectedVersion: z.string(),
  firmwareType: z.string(),
  counts: upgradeCounts,
  /** Open while a device has not finished. */
  running: z.boolean(),
  createdBy: z.string(),
  createdAt: z.number(),
});
export type UpgradeTask = z.infer<typeof upgradeTask>;

export const upgradeListBody = z.strictObject({ ...pageFields, deviceType: z.enum(UPGRADE_DEVICE_TYPES).optional() });
export type UpgradeListBody = z.infer<typeof upgradeListBody>;
export const upgradeListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  tasks: z.array(upgradeTask),
});

export const upgradeDevicesBody = z.strictObject({ ...pageFields, id: idSchema, state: z.enum(UPGRADE_STATES).optional() });
export type UpgradeDevicesBody = z.infer<typeof upgradeDevicesBody>;
export const upgradeDevice = z.object({
  sn: z.string(),
  model: z.string(),
  preVersion: z.string().nullable(),
  state: z.enum(UPGRADE_STATES),
  skipReason: z.enum(SKIP_REASONS).nullable(),
  progress: z.number().nullable(),
  /** The device's reason when it failed (or "expired", "cancelled", "reset"). */
  error: z.string().nullable(),
  updatedAt: z.number(),
});
export type UpgradeDevice = z.infer<typeof upgradeDevice>;
export const upgradeDevicesResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  task: upgradeTask,
  devices: z.array(upgradeDevice),
});
export const upgradeIdQuery = z.strictObject({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** Task batch delete (spec section 6): the devices not sent yet are withdrawn first. */
export const upgradeDeleteBody = z.strictObject({ ids: z.array(idSchema).min(1).max(100) });
export const upgradeDeleted = z.object({ deleted: z.number(), withdrawn: z.number() });

/** Upgrade reset (after-sales): clears a device's stuck upgrade, with who and why. */
export const upgradeResetBody = z.strictObject({
  sn: snSchema,
  reason: z.string().trim().min(1, { error: 'upgradeReset.reasonLength' }).max(200, { error: 'upgradeReset.reasonLength' }),
});
export type UpgradeResetBody = z.infer<typeof upgradeResetBody>;
export const upgradeResetResult = z.object({ cleared: z.number() });
/** A device's open or last upgrades, for the reset screen. */
export const upgradeOfDeviceQuery = z.strictObject({ sn: snSchema });
export const upgradeOfDevice = z.object({
  sn: z.string(),
  upgrades: z.array(
    z.object({
      taskId: z.number(),
      taskName: z.string(),
      expectedVersion: z.string(),
      state: z.enum(UPGRADE_STATES),
      progress: z.number().nullable(),
      error: z.string().nullable(),
      stuck: z.boolean(),
      updatedAt: z.number(),
    }),
  ),
});

/** The device's download: a token bound to its device and task (firmware.upgrade's `url`). */
export const firmwareFetchQuery = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
