import { z } from 'zod';
import { dataloggerSnSchema, pageFields } from './plant.ts';

export const moduleCreateBody = z.strictObject({ sn: dataloggerSnSchema });
/**
 * The device secret (MQTT password) is answered once, here, and stored only as a hash (protocol.md);
 * the check code is the label's, derived from the SN, and the datalogger list shows it again.
 */
export const moduleCreateResult = z.object({ sn: z.string(), secret: z.string(), checkCode: z.string() });
export type ModuleCreateResult = z.infer<typeof moduleCreateResult>;
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
  /** The label's check code, for whoever registers dataloggers (switch datalogger.import); null for the others. */
  checkCode: z.string().nullable(),
  /** What it last said of itself on its status topic (protocol.md): connected or not, since when, firmware, signal. */
  online: z.boolean(),
  statusAt: z.number().nullable(),
  firmware: z.string(),
  signal: z.number().nullable(),
});
export type ModuleSummary = z.infer<typeof moduleSummary>;
export const moduleListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  dataloggers: z.array(moduleSummary),
});

/** A spreadsheet import registers every datalogger or none; the secrets are answered once. */
export const moduleImportResult = z.object({
  imported: z.number(),
  secrets: z.array(moduleCreateResult),
});
export type ModuleImportResult = z.infer<typeof moduleImportResult>;
