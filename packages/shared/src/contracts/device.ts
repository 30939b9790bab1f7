import { z } from 'zod';
import { usernameSchema } from './common.ts';

/** Data authorisation: an integrator may read (and optionally control) a device (issue 3). */
export const deviceGrantBody = z.strictObject({
  sn: z.string().trim().min(1).max(64),
  integrator: usernameSchema,
  control: z.boolean().default(false),
});
export const deviceRevokeBody = z.strictObject({ sn: z.string().trim().min(1).max(64), integrator: usernameSchema });

export const DEVICE_TYPES = ['inverter', 'battery', 'meter', 'evCharger', 'heatPump', 'ems', 'gateway', 'module'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const deviceListBody = z.strictObject({
  currentPage: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.union([z.literal(10), z.literal(20), z.literal(50)]).default(10),
  type: z.enum(DEVICE_TYPES).optional(),
  plantId: z.number().int().positive().optional(),
  sn: z.string().trim().max(64).optional(),
});
export type DeviceListBody = z.infer<typeof deviceListBody>;

export const deviceSummary = z.object({
  sn: z.string(),
  type: z.enum(DEVICE_TYPES),
  model: z.string(),
  dataloggerSn: z.string(),
  plantId: z.number().nullable(),
  plantName: z.string(),
  ratedPowerKw: z.number().nullable(),
  firmware: z.record(z.string(), z.string()),
  lastSeenAt: z.number().nullable(),
});
export const deviceListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  devices: z.array(deviceSummary),
});
