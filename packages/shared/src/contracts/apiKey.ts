import { z } from 'zod';
import { idSchema, pageFields } from './plant.ts';

/**
 * API keys of the Open API (issue 19; spec section 3, "API credentials: API key, calls per day,
 * remaining calls today"). A key acts as its account; its account's daily quota is shared by its keys.
 */
export const API_KEYS_MAX = 10;
/** FoxESS's own daily quota per account, the default of every account. */
export const API_DAILY_QUOTA_DEFAULT = 1_440;
export const API_DAILY_QUOTA_MAX = 1_000_000;

export const apiKeyNameSchema = z
  .string({ error: 'apiKey.nameRequired' })
  .trim()
  .min(1, { error: 'apiKey.nameRequired' })
  .max(32, { error: 'apiKey.nameTooLong' });

export const apiKeyCreateBody = z.strictObject({ name: apiKeyNameSchema });
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;
/** The key itself is answered here once; only its hash is kept. */
export const apiKeyCreated = z.object({ id: z.number(), key: z.string() });

/** The account's quota and what is left of it today (UTC day). */
export const apiQuota = z.object({ callsPerDay: z.number(), callsToday: z.number(), remainingToday: z.number() });
export type ApiQuota = z.infer<typeof apiQuota>;

export const apiKeySummary = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;
export const apiKeyListResult = apiQuota.extend({ keys: z.array(apiKeySummary) });
export type ApiKeyListResult = z.infer<typeof apiKeyListResult>;

export const apiKeyDeleteBody = z.strictObject({ id: idSchema });

/** Administrators: the accounts that hold keys or a quota of their own, with their usage today. */
export const apiQuotaListBody = z.strictObject({ ...pageFields, username: z.string().trim().max(128).optional() });
export type ApiQuotaListBody = z.infer<typeof apiQuotaListBody>;
export const apiQuotaAccount = apiQuota.extend({ accountId: z.number(), username: z.string(), access: z.number(), keys: z.number() });
export type ApiQuotaAccount = z.infer<typeof apiQuotaAccount>;
export const apiQuotaListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  accounts: z.array(apiQuotaAccount),
});
export const apiQuotaSetBody = z.strictObject({
  accountId: idSchema,
  callsPerDay: z
    .number({ error: 'apiKey.quotaRange' })
    .int({ error: 'apiKey.quotaRange' })
    .min(0, { error: 'apiKey.quotaRange' })
    .max(API_DAILY_QUOTA_MAX, { error: 'apiKey.quotaRange' }),
});
export type ApiQuotaSetBody = z.infer<typeof apiQuotaSetBody>;
