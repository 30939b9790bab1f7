import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { epochMsSchema } from './common.ts';
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
export const SKIP_REASONS = ['limits', 'sameVersion', 'blacklisted', 'busy', 'wrongKind', 'strategyLimits'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/**
 * Why a device's upgrade failed, as people read it: the platform's own reasons (expired, withdrawn, reset) and what a
 * device says when it refuses an image (protocol.md: a tampered file, a wrong model, a blacklisted version or an
 * expired URL is never applied); any other device text is shown as it is.
 */
export const UPGRADE_REASONS = ['expired', 'cancelled', 'reset', 'wrongModel', 'hashMismatch', 'blacklisted', 'urlExpired'] as const;
export type UpgradeReason = (typeof UPGRADE_REASONS)[number];
export function upgradeReasonOf(error: string | null): UpgradeReason | undefined {
  if (error === null) return undefined;
  if (error === 'expired' || error === 'cancelled' || error === 'reset') return error;
  if (error.startsWith('wrong model')) return 'wrongModel';
  if (error.startsWith('sha256 mismatch') || error.startsWith('size mismatch: more than')) return 'hashMismatch';
  if (error === 'download failed: HTTP 410') return 'blacklisted';
  if (error === 'download failed: HTTP 403') return 'urlExpired';
  return undefined;
}

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
  /** The zone of the device's plant (its times are shown there); null for a device of no plant. */
  timeZone: z.string().nullable(),
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
  /** The zone of the device's plant; null for a device of no plant. */
  timeZone: z.string().nullable(),
});

/** The device's download: a token bound to its device and task (firmware.upgrade's `url`). */
export const firmwareFetchQuery = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/**
 * Strategy upgrades (issue 20; spec section 3 "Strategy", section 4 statuses): a firmware rolled out over devices in
 * waves, approved by a checker, sent at a limited rate within a daily UTC window and a validity, each device retried,
 * the next wave started by a success threshold, the whole strategy aborted by a failure threshold.
 */
export const STRATEGY_MODES = ['preview', 'notice', 'implement'] as const;
export type StrategyMode = (typeof STRATEGY_MODES)[number];
/** preview and notice: a plan only, nothing sent; implement: waiting (for the checker) → inProgress ⇄ paused → completed, aborted, cancelled or expired. */
export const STRATEGY_STATUSES = [
  'preview',
  'notice',
  'waiting',
  'inProgress',
  'paused',
  'completed',
  'aborted',
  'cancelled',
  'expired',
] as const;
export type StrategyStatus = (typeof STRATEGY_STATUSES)[number];
const percent = z.number().int().min(1).max(100);
/**
 * When a device of a strategy's waves so far is sent its command: once its datalogger is connected (`online`), or once
 * its inventory also reports a given version (`version`: e.g. only after an earlier upgrade reached it).
 */
export const STRATEGY_TRIGGERS = ['online', 'version'] as const;
export type StrategyTrigger = (typeof STRATEGY_TRIGGERS)[number];
const versionText = z.string().trim().min(1).max(32);
/** The strategy's own limits beyond the firmware's: devices outside them are skipped ("strategyLimits"), never sent. */
export const strategyLimits = z.strictObject({
  /** SNs beginning with one of these (none: any). */
  snPrefixes: z.array(z.string().trim().min(1).max(64)).max(20).default([]),
  /** Devices running one of these versions now (the software limit; none: any). */
  fromVersions: z.array(versionText).max(20).default([]),
  /** Devices of plants in these countries (ISO 3166 alpha-2, the area limit; none: any). */
  countries: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, { error: 'strategy.countryInvalid' })
        .transform((code) => code.toUpperCase()),
    )
    .max(50)
    .default([]),
});
export type StrategyLimits = z.infer<typeof strategyLimits>;
const utcClock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'strategy.timeInvalid' });

export const strategyCreateBody = z
  .strictObject({
    name: z.string().trim().min(1, { error: 'upgrade.nameLength' }).max(64, { error: 'upgrade.nameLength' }),
    purpose: z.string().trim().max(200).default(''),
    firmwareId: idSchema,
    sns: z.array(snSchema).min(1, { error: 'upgrade.snRequired' }).max(UPGRADE_TASK_MAX_DEVICES, { error: 'upgrade.tooMany' }),
    mode: z.enum(STRATEGY_MODES),
    /** Cumulative shares of the devices per wave, rising, the last 100 (e.g. 1, 10, 100). */
    waves: z
      .array(percent)
      .min(1)
      .max(5)
      .refine((waves) => waves.every((share, index) => index === 0 || share > (waves[index - 1] ?? 0)) && waves.at(-1) === 100, {
        error: 'strategy.wavesInvalid',
      }),
    /** Share of a wave's devices that must have succeeded before the next wave starts. */
    successThreshold: percent,
    /** Share of the finished devices that failed (after their retries) at which the whole strategy aborts. */
    failureThreshold: percent,
    retries: z.number().int().min(LIMITS.strategyRetry.min).max(LIMITS.strategyRetry.max),
    /** Minutes a failed or expired device waits before its retry is sent ("strategy minutes 1-60"). */
    retryMinutes: z.number().int().min(LIMITS.strategyMinutes.min).max(LIMITS.strategyMinutes.max).default(5),
    ratePerMinute: z.number().int().min(1).max(1000),
    triggerStart: utcClock.optional(),
    triggerEnd: utcClock.optional(),
    trigger: z.enum(STRATEGY_TRIGGERS).default('online'),
    /** With trigger `version`: the version the device must report. */
    triggerVersion: versionText.optional(),
    limits: strategyLimits.default({ snPrefixes: [], fromVersions: [], countries: [] }),
    validFrom: epochMsSchema,
    validTo: epochMsSchema,
    /** The administrator who must approve it before anything is sent (not its maker). */
    checker: z.string().trim().min(1).max(128),
  })
  .refine((body) => body.validTo > body.validFrom, { error: 'strategy.validityInvalid', path: ['validTo'] })
  .refine((body) => body.trigger !== 'version' || body.triggerVersion !== undefined, {
    error: 'strategy.triggerVersionRequired',
    path: ['triggerVersion'],
  });
export type StrategyCreateBody = z.infer<typeof strategyCreateBody>;
export const strategyCreated = z.object({ id: z.number(), devices: z.number(), skipped: z.number(), refused: z.array(z.string()) });

export const upgradeStrategy = z.object({
  id: z.number(),
  name: z.string(),
  purpose: z.string(),
  task: upgradeTask,
  mode: z.enum(STRATEGY_MODES),
  status: z.enum(STRATEGY_STATUSES),
  statusReason: z.string().nullable(),
  waves: z.array(z.number()),
  currentWave: z.number(),
  successThreshold: z.number(),
  failureThreshold: z.number(),
  retries: z.number(),
  retryMinutes: z.number(),
  ratePerMinute: z.number(),
  triggerStart: z.string().nullable(),
  triggerEnd: z.string().nullable(),
  trigger: z.enum(STRATEGY_TRIGGERS),
  triggerVersion: z.string().nullable(),
  limits: z.object({ snPrefixes: z.array(z.string()), fromVersions: z.array(z.string()), countries: z.array(z.string()) }),
  validFrom: z.number(),
  validTo: z.number(),
  executor: z.string(),
  checker: z.string(),
  approvedAt: z.number().nullable(),
  /** Whether the caller is the checker and it waits for approval. */
  approvable: z.boolean(),
});
export type UpgradeStrategy = z.infer<typeof upgradeStrategy>;
export const strategyListBody = z.strictObject({ ...pageFields, status: z.enum(STRATEGY_STATUSES).optional() });
export type StrategyListBody = z.infer<typeof strategyListBody>;
export const strategyListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  strategies: z.array(upgradeStrategy),
});
export const strategyIdBody = z.strictObject({ id: idSchema });
export const strategyIdQuery = upgradeIdQuery;
