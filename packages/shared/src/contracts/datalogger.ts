import { z } from 'zod';
import { dataloggerSnSchema, pageFields } from './plant.ts';

export const moduleCreateBody = z.strictObject({ sn: dataloggerSnSchema });
/** The device secret (MQTT password) is answered once, here, and stored only as a hash (protocol.md). */
export const moduleCreateResult = z.object({ sn: z.string(), secret: z.string() });
export const moduleSnBody = z.strictObject({ sn: dataloggerSnSchema });

export const moduleListBody = z.strictObject({
  ...pageFields,
  sn: z
    .string()
    .trim()
    .max(15)
    .regex(/^[0-9]*$/, { error: 'validation.dataloggerSn' })
    .optional(),
  bound: z.boolean().optional(),
});
export type ModuleListBody = z.infer<typeof moduleListBody>;

export const moduleSummary = z.object({
  sn: z.string(),
  plantId: z.number().nullable(),
  plantName: z.string(),
  createdAt: z.number(),
  boundAt: z.number().nullable(),
});
export const moduleListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  dataloggers: z.array(moduleSummary),
});

/** A spreadsheet import registers every datalogger or none; the secrets are answered once. */
export const moduleImportResult = z.object({
  imported: z.number(),
  secrets: z.array(z.object({ sn: z.string(), secret: z.string() })),
});
