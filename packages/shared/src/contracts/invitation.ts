import { z } from 'zod';
import { emailSchema, invitationTokenSchema, languageSchema } from './common.ts';
import { idSchema, pageFields } from './plant.ts';
import { signUpRoleSchema } from './user.ts';

/**
 * Joining a branch by invitation (issue 3): a branch manager or administrator invites an email
 * address as installer or end user; the mail links to sign-up with a one-time token.
 */
export const INVITATION_STATUSES = ['pending', 'used', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** How long an invitation can be used. */
export const INVITATION_TTL_DAYS = 7;

export const invitationCreateBody = z.strictObject({
  email: emailSchema,
  accountType: signUpRoleSchema,
  /** The branch to join: the caller's own by default, or one below it. */
  organisationId: idSchema.optional(),
  /** The mail's language; the caller's language by default. */
  language: languageSchema.optional(),
});
export type InvitationCreateBody = z.infer<typeof invitationCreateBody>;

export const invitationListBody = z.strictObject({
  ...pageFields,
  email: z.string().trim().max(128).optional(),
  status: z.enum(INVITATION_STATUSES).optional(),
});
export type InvitationListBody = z.infer<typeof invitationListBody>;

export const invitationSummary = z.object({
  id: z.number(),
  email: z.string(),
  accountType: z.number(),
  organisation: z.string(),
  invitedBy: z.string(),
  status: z.enum(INVITATION_STATUSES),
  /** The account that signed up with it ('' until then). */
  usedBy: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
});
export type InvitationSummary = z.infer<typeof invitationSummary>;

export const invitationListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  invitations: z.array(invitationSummary),
});

export const invitationCheckQuery = z.strictObject({ token: invitationTokenSchema });
/** What the sign-up page shows and pre-fills for a valid invitation. */
export const invitationCheckResult = z.object({
  email: z.string(),
  accountType: z.number(),
  organisation: z.string(),
  expiresAt: z.number(),
});
export type InvitationCheckResult = z.infer<typeof invitationCheckResult>;

export const invitationRevokeBody = z.strictObject({ id: idSchema });

/** A new invitation: its id and when its link stops working. */
export const invitationCreated = z.object({ id: z.number(), expiresAt: z.number() });
