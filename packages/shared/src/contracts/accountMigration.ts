import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { usernameSchema } from './common.ts';
import { pageFields } from './plant.ts';

/** Account migration (spec sections 2, 3, 6): the plants of one account go to another of the same kind. */
export const ACCOUNT_MIGRATION_CODE_MINUTES = 30;

const migrationCode = z
  .string()
  .trim()
  .regex(new RegExp(`^[0-9]{${LIMITS.verificationCodeDigits}}$`), { error: 'validation.codeInvalid' });

/** The accounts of a migration, by user name: the code goes to the target's mailbox. */
export const accountMigrationCodeBody = z.strictObject({
  source: usernameSchema,
  target: usernameSchema,
  /** Site migration (switch site.migrate): only this plant of the source moves; without it, every plant (account.migrate). */
  plantId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AccountMigrationCodeBody = z.infer<typeof accountMigrationCodeBody>;
/** The migration itself: the code the target received, typed twice ("entered codes inconsistent", spec section 8). */
export const accountMigrationBody = accountMigrationCodeBody.extend({ code: migrationCode, codeAgain: migrationCode });
export type AccountMigrationBody = z.infer<typeof accountMigrationBody>;
export const accountMigrationListBody = z.strictObject({
  ...pageFields,
  /** A source or target user name (part of it). */
  username: z.string().trim().max(LIMITS.username.max).optional(),
});
export type AccountMigrationListBody = z.infer<typeof accountMigrationListBody>;

export const accountMigrationCodeResult = z.object({
  /** Where the code went, shown partly (the operator need not learn the address). */
  mailbox: z.string(),
  expiresAt: z.number(),
  /** What would move now. */
  plantCount: z.number(),
});
export const accountMigrationResult = z.object({ plantCount: z.number(), deviceCount: z.number() });
export const accountMigrationEntry = z.object({
  id: z.number(),
  source: z.string(),
  target: z.string(),
  /** The plant of a site migration; null when every plant of the source moved. */
  plant: z.string().nullable(),
  plantCount: z.number(),
  deviceCount: z.number(),
  operator: z.string(),
  createdAt: z.number(),
});
export type AccountMigrationEntry = z.infer<typeof accountMigrationEntry>;
export const accountMigrationListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  migrations: z.array(accountMigrationEntry),
});

/** The plants a source account holds, for choosing the one a site migration moves: by name, at most 50. */
export const migrationPlantsBody = z.strictObject({
  source: usernameSchema,
  name: z.string().trim().max(LIMITS.siteName.max).optional(),
});
export type MigrationPlantsBody = z.infer<typeof migrationPlantsBody>;
export const migrationPlantsResult = z.object({ plants: z.array(z.object({ id: z.number(), name: z.string() })) });
