import { z } from 'zod';
import { profileText, usernameSchema } from './common.ts';
import { dataloggerSnSchema, idSchema, pageFields } from './plant.ts';

export const DEVICE_TYPES = ['inverter', 'battery', 'meter', 'evCharger', 'heatPump', 'ems', 'gateway', 'module'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * A device's status as the client shows it (spec section 4): 1 normal, 2 abnormal, anything else
 * offline. A device is normal while it reported in the last 15 minutes; abnormal comes with
 * alarms (issue 5).
 */
export const DeviceStatus = { offline: 0, normal: 1, abnormal: 2 } as const;
/** The statuses a list can be filtered by. */
export const DEVICE_STATUS_FILTERS = ['normal', 'abnormal', 'offline'] as const;
export type DeviceStatusFilter = (typeof DEVICE_STATUS_FILTERS)[number];

/** The firmware versions a device reports (protocol.md inventory `fw`; spec section 3). */
export const FIRMWARE_TARGETS = ['master', 'slave', 'manager', 'afci'] as const;

/** A device SN as its datalogger reports it: not a fixed format across kinds and vendors. */
export const deviceSnSchema = z.string().trim().min(1, { error: 'validation.required' }).max(64, { error: 'validation.tooLong' });
export const snQuery = z.strictObject({ sn: deviceSnSchema });

/** Data authorisation: an integrator may read (and optionally control) the chosen devices (issue 3), all or none. */
export const deviceGrantBody = z.strictObject({
  sns: z.array(deviceSnSchema).min(1, { error: 'validation.required' }).max(100),
  integrator: usernameSchema,
  control: z.boolean().default(false),
});
export type DeviceGrantBody = z.infer<typeof deviceGrantBody>;
export const deviceRevokeBody = z.strictObject({ sn: deviceSnSchema, integrator: usernameSchema });

/** The authorisations the caller manages (an administrator all, an owner those on its plants' devices). */
export const deviceGrantListBody = z.strictObject({
  ...pageFields,
  sn: z.string().trim().max(64).optional(),
  integrator: z.string().trim().max(20).optional(),
});
export type DeviceGrantListBody = z.infer<typeof deviceGrantListBody>;
export const deviceGrantRow = z.object({
  sn: z.string(),
  type: z.enum(DEVICE_TYPES),
  plantName: z.string(),
  integrator: z.string(),
  canControl: z.boolean(),
  grantedBy: z.string(),
  since: z.number(),
});
export type DeviceGrantRow = z.infer<typeof deviceGrantRow>;
export const deviceGrantListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  grants: z.array(deviceGrantRow),
});

export const deviceListBody = z.strictObject({
  ...pageFields,
  type: z.enum(DEVICE_TYPES).optional(),
  plantId: idSchema.optional(),
  sn: z.string().trim().max(64).optional(),
  dataloggerSn: z
    .string()
    .trim()
    .max(15)
    .regex(/^[0-9]*$/, { error: 'validation.dataloggerSn' })
    .optional(),
  status: z.enum(DEVICE_STATUS_FILTERS).optional(),
  /** Devices reported by dataloggers but in no plant yet (switch device.viewUncreated); otherwise devices of plants. */
  uncreated: z.boolean().optional(),
  /** Only devices whose integrators the caller decides (data authorisation). */
  authorisable: z.boolean().optional(),
});
export type DeviceListBody = z.infer<typeof deviceListBody>;

export const deviceSummary = z.object({
  sn: z.string(),
  type: z.enum(DEVICE_TYPES),
  name: z.string(),
  model: z.string(),
  dataloggerSn: z.string(),
  plantId: z.number().nullable(),
  plantName: z.string(),
  ratedPowerKw: z.number().nullable(),
  firmware: z.record(z.string(), z.string()),
  status: z.number(),
  lastSeenAt: z.number().nullable(),
});
export type DeviceSummary = z.infer<typeof deviceSummary>;
export const deviceListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  devices: z.array(deviceSummary),
});

export const deviceDetail = deviceSummary.extend({
  createdAt: z.number(),
  parallelRole: z.enum(['master', 'slave']).nullable(),
  /** Whether the caller may change the device's plant (and so the device). */
  writable: z.boolean(),
  /** Whether the caller may authorise integrators for it (an administrator, or the plant's owner). */
  authorisable: z.boolean(),
  /** A battery's inverter, which holds its settings (the one reporting its power behind its datalogger); null for other kinds. */
  inverterSn: z.string().nullable(),
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

/** Charging pile edit (spec /bus/pile/edit): its display name and the plant datalogger it hangs on. */
export const pileUpdateBody = z.strictObject({
  sn: deviceSnSchema,
  name: profileText(32),
  dataloggerSn: dataloggerSnSchema,
});
export type PileUpdateBody = z.infer<typeof pileUpdateBody>;

/** A plant's parallel system (spec /bus/plant/parallelSystem): one master inverter and its slaves. */
export const parallelDetail = z.object({
  plantId: z.number(),
  writable: z.boolean(),
  inverters: z.array(
    deviceSummary
      .pick({ sn: true, name: true, model: true, ratedPowerKw: true, status: true, lastSeenAt: true })
      .extend({ role: z.enum(['master', 'slave']).nullable() }),
  ),
});
export type ParallelDetail = z.infer<typeof parallelDetail>;

/** Sets the plant's parallel system; no master and no slaves dissolves it. */
export const parallelUpdateBody = z
  .strictObject({
    id: idSchema,
    master: deviceSnSchema.nullable(),
    slaves: z.array(deviceSnSchema).max(100),
  })
  .superRefine((body, context) => {
    if (body.master === null && body.slaves.length > 0) {
      context.addIssue({ code: 'custom', path: ['master'], message: 'device.parallelMasterRequired' });
    }
    if (body.master !== null && body.slaves.length === 0) {
      context.addIssue({ code: 'custom', path: ['slaves'], message: 'device.parallelSlaveRequired' });
    }
    const all = body.master === null ? body.slaves : [body.master, ...body.slaves];
    if (new Set(all).size !== all.length) context.addIssue({ code: 'custom', path: ['slaves'], message: 'device.parallelTwice' });
  });
export type ParallelUpdateBody = z.infer<typeof parallelUpdateBody>;
