import { z } from 'zod';
import { epochMsSchema } from './common.ts';
import { pageFields } from './plant.ts';

/** What the platform itself did (issue 23, "platform log"): the code path that wrote an entry. */
export const PLATFORM_LOG_KINDS = ['start', 'migration', 'job', 'mail', 'webhook', 'push', 'ingest'] as const;
export type PlatformLogKind = (typeof PLATFORM_LOG_KINDS)[number];
export const PLATFORM_LOG_SEVERITIES = ['info', 'warning', 'error'] as const;
export type PlatformLogSeverity = (typeof PLATFORM_LOG_SEVERITIES)[number];

/** The platform log's filters: a time range (UTC ms), kind, severity and text within the message. */
export const platformLogExportBody = z.strictObject({
  kind: z.enum(PLATFORM_LOG_KINDS).optional(),
  severity: z.enum(PLATFORM_LOG_SEVERITIES).optional(),
  text: z.string().trim().max(100).optional(),
  from: epochMsSchema.optional(),
  to: epochMsSchema.optional(),
});
export type PlatformLogExportBody = z.infer<typeof platformLogExportBody>;
export const platformLogBody = platformLogExportBody.extend(pageFields);
export type PlatformLogBody = z.infer<typeof platformLogBody>;

export const platformLogEntry = z.object({
  id: z.number(),
  at: z.number(),
  kind: z.enum(PLATFORM_LOG_KINDS),
  severity: z.enum(PLATFORM_LOG_SEVERITIES),
  message: z.string(),
  /** The details as JSON text. */
  details: z.string(),
});
export type PlatformLogEntry = z.infer<typeof platformLogEntry>;
export const platformLogResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  entries: z.array(platformLogEntry),
});
