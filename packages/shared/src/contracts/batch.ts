import { z } from 'zod';
import { deviceSnSchema } from './device.ts';
import { idSchema, pageFields } from './plant.ts';
import { settingsChange } from './settings.ts';

/**
 * Group remote (issue 18): one settings change (a template's, or given) sent to many devices as one
 * batch: a batch row and a setting.set command per device, made in one unit of work with the
 * operation log. Devices out of the caller's scope, or it may not operate, are counted as refused
 * and never commanded; inverters without a battery are left out of battery settings and counted apart.
 */
export const BATCH_PLANTS_MAX = 500;

export const batchTarget = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('device'), sn: deviceSnSchema }),
    z.strictObject({ kind: z.literal('group'), groupId: idSchema }),
    z.strictObject({
      kind: z.literal('plants'),
      plantIds: z.array(idSchema).min(1, { error: 'batch.plantsRequired' }).max(BATCH_PLANTS_MAX, { error: 'batch.tooManyPlants' }),
    }),
  ],
  { error: 'batch.targetRequired' },
);
export type BatchTarget = z.infer<typeof batchTarget>;

/** What a batch sends: a template's strategy, or settings given here; one of the two. */
export const batchCreateBody = z.union(
  [z.strictObject({ target: batchTarget, templateId: idSchema }), z.strictObject({ target: batchTarget, settings: settingsChange })],
  { error: 'batch.whatRequired' },
);
export type BatchCreateBody = z.infer<typeof batchCreateBody>;

export const batchIdSchema = z.uuid({ error: 'validation.invalid' });
export const batchIdBody = z.strictObject({ id: batchIdSchema });
export const batchIdQuery = batchIdBody;
export const batchListBody = z.strictObject({ ...pageFields });
export type BatchListBody = z.infer<typeof batchListBody>;

/** Each device's latest command of the batch: done, failed (failed or expired), cancelled, or waiting for its answer. */
export const batchCounts = z.object({
  total: z.number(),
  done: z.number(),
  failed: z.number(),
  cancelled: z.number(),
  waiting: z.number(),
});
export type BatchCounts = z.infer<typeof batchCounts>;

export const batch = z.object({
  id: z.string(),
  /** What it was sent to, as the caller named it: an SN, a group's name, a number of plants. */
  target: z.object({ kind: z.enum(['device', 'group', 'plants']), label: z.string() }),
  templateName: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  /** Devices named by the target that the caller may not operate (never commanded). */
  refused: z.number(),
  /** Inverters without a battery that its battery settings would have reached (left out: they would refuse them). */
  withoutBattery: z.number(),
  counts: batchCounts,
  createdBy: z.string(),
  createdAt: z.number(),
});
export type Batch = z.infer<typeof batch>;

export const batchListResult = z.object({ total: z.number(), currentPage: z.number(), pageSize: z.number(), batches: z.array(batch) });
export const batchCreated = z.object({ batchId: z.string(), commands: z.number(), refused: z.number(), withoutBattery: z.number() });
export const batchChanged = z.object({ commands: z.number() });
/** An event of a batch's stream: the batch with its counts, whenever one of its commands changed. */
export const batchStreamEvent = batch;
