import { z } from 'zod';
import { countryCodeSchema, emailSchema } from './common.ts';
import { idSchema, pageFields } from './plant.ts';

/**
 * Distributor and agent management (spec section 3 "Distributor": number, name, country,
 * organisation email, creation time). Both are branches of the organisation tree; the number is
 * the organisation's id, and the sign-up code joins new accounts to the branch.
 */
export const BRANCH_KINDS = ['distributor', 'agent'] as const;
export type BranchKind = (typeof BRANCH_KINDS)[number];

/** What people type at sign-up: 4 to 16 letters or digits, compared in upper case. */
export const signUpCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,16}$/, { error: 'distributor.codeInvalid' });

const branchName = z.string().trim().min(1, { error: 'distributor.nameLength' }).max(64, { error: 'distributor.nameLength' });

export const branchListBody = z.strictObject({
  ...pageFields,
  /** Part of the name, without case. */
  name: z.string().trim().max(64).optional(),
  country: countryCodeSchema.optional(),
  /** Agents: only those under this distributor. */
  parentId: idSchema.optional(),
});
export type BranchListBody = z.infer<typeof branchListBody>;

export const branchCreateBody = z.strictObject({
  name: branchName,
  country: countryCodeSchema,
  email: emailSchema,
  /** Without one, a code is generated. */
  code: signUpCodeSchema.optional(),
  /** Agents: the distributor above it (administrators choose; a distributor's agents sit under itself). */
  parentId: idSchema.optional(),
});
export type BranchCreateBody = z.infer<typeof branchCreateBody>;

export const branchUpdateBody = z.strictObject({
  id: idSchema,
  name: branchName.optional(),
  country: countryCodeSchema.optional(),
  email: emailSchema.optional(),
  code: signUpCodeSchema.optional(),
});
export type BranchUpdateBody = z.infer<typeof branchUpdateBody>;

export const branchSummary = z.object({
  id: z.number(),
  kind: z.enum(BRANCH_KINDS),
  name: z.string(),
  country: z.string(),
  email: z.string(),
  code: z.string(),
  /** The distributor above an agent ('' for a distributor). */
  parentName: z.string(),
  parentId: z.number().nullable(),
  /** Accounts that belong to the branch itself. */
  accounts: z.number(),
  createdAt: z.number(),
});
export type BranchSummary = z.infer<typeof branchSummary>;

export const branchListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  branches: z.array(branchSummary),
});

/** A new branch: its id and its sign-up code. */
export const branchCreated = z.object({ id: z.number(), code: z.string() });
