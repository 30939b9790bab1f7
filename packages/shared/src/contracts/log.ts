import { z } from 'zod';
import { epochMsSchema } from './common.ts';
import { pageFields } from './plant.ts';

export const AUDIT_OBJECT_TYPES = [
  'plant',
  'datalogger',
  'device',
  'account',
  'organisation',
  'group',
  'invitation',
  'department',
  'permissionGroup',
  'alarm',
  'template',
  'batch',
  'apiKey',
  'report',
  'workOrder',
  'document',
  'file',
  'firmware',
  'upgrade',
  'blacklist',
  'agingRun',
  'brand',
  'journal',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** The operation log: who changed what, when, from where (issue 3). Times are UTC milliseconds. */
export const operationLogBody = z.strictObject({
  ...pageFields,
  objectType: z.enum(AUDIT_OBJECT_TYPES).optional(),
  objectId: z.string().trim().max(64).optional(),
  actor: z.string().trim().max(20).optional(),
  from: epochMsSchema.optional(),
  to: epochMsSchema.optional(),
});
export type OperationLogBody = z.infer<typeof operationLogBody>;
/** The export takes the same filters, without paging. */
export const operationLogExportBody = operationLogBody.omit({ currentPage: true, pageSize: true });
export type OperationLogExportBody = z.infer<typeof operationLogExportBody>;

export const operationLogEntry = z.object({
  id: z.number(),
  at: z.number(),
  actor: z.string(),
  ip: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  /** The object before and after the change, as JSON text ('' when there is none). */
  before: z.string(),
  after: z.string(),
});
export type OperationLogEntry = z.infer<typeof operationLogEntry>;
export const operationLogResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  entries: z.array(operationLogEntry),
});
