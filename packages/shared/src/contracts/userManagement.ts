import { z } from 'zod';
import { Access, ROLES, type Role } from '../access.ts';
import { LIMITS } from '../limits.ts';
import { emailSchema, languageSchema, mobileSchema, profileText, usernameSchema } from './common.ts';
import { pageFields } from './plant.ts';

/**
 * User management (spec section 2, /bus/user/management; issue 3). A manager creates and changes
 * only accounts of the roles below its own, in its own branch; administrators any role.
 */
export const MANAGEABLE_ROLES: Partial<Record<number, readonly Role[]>> = {
  [Access.admin]: [Access.admin, Access.integrator, Access.distributor, Access.agent, Access.installer, Access.endUser],
  [Access.distributor]: [Access.agent, Access.installer, Access.endUser],
  [Access.agent]: [Access.installer, Access.endUser],
};

export const manageableRoles = (access: number): readonly Role[] => MANAGEABLE_ROLES[access] ?? [];

export const ORGANISATION_KINDS = ['manufacturer', 'distributor', 'agent'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

/**
 * The kinds of organisation an account of each role sits in: administrators and integrators (outside
 * the tree) at the manufacturer, distributors and agents in their own kind of organisation,
 * installers and end users anywhere.
 */
export const ORGANISATION_KINDS_OF_ROLE: Record<Role, readonly OrganisationKind[]> = {
  [Access.admin]: ['manufacturer'],
  [Access.integrator]: ['manufacturer'],
  [Access.distributor]: ['distributor'],
  [Access.agent]: ['agent'],
  [Access.installer]: ORGANISATION_KINDS,
  [Access.endUser]: ORGANISATION_KINDS,
};

/** The role of an account: one of the access numbers an account can hold. */
export const accountRoleSchema = z.literal(ROLES, { error: 'validation.invalid' });

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const phoneSchema = z.union([z.literal(''), mobileSchema]);

export const USER_STATUSES = ['enabled', 'disabled'] as const;

export const userListBody = z.strictObject({
  ...pageFields,
  /** Prefixes, compared without case. */
  username: z.string().trim().max(LIMITS.username.max).optional(),
  name: z.string().trim().max(LIMITS.profileText.max).optional(),
  email: z.string().trim().max(LIMITS.account.max).optional(),
  access: accountRoleSchema.optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type UserListBody = z.infer<typeof userListBody>;

export const userSummary = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  access: z.number().int(),
  organisationId: z.number(),
  organisationName: z.string(),
  organisationKind: z.enum(ORGANISATION_KINDS),
  enabled: z.boolean(),
  /** Signed in with a one-time password and not yet changed it. */
  passwordChangeRequired: z.boolean(),
  createdAt: z.number(),
  /** Whether the caller may change this account (a role below its own, not itself). */
  manageable: z.boolean(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const userListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  users: z.array(userSummary),
});

/** No password: the server sets a one-time password and answers it once. */
export const userCreateBody = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  name: profileText().optional(),
  phone: phoneSchema.optional(),
  access: accountRoleSchema,
  /** The branch the account joins; the caller's own organisation when absent. */
  organisationId: id.optional(),
  language: languageSchema.optional(),
});
export type UserCreateBody = z.infer<typeof userCreateBody>;

export const userUpdateBody = z.strictObject({
  id,
  email: emailSchema.optional(),
  name: profileText().optional(),
  phone: phoneSchema.optional(),
  access: accountRoleSchema.optional(),
  organisationId: id.optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export const userStatusBody = z.strictObject({ id, enabled: z.boolean() });
export const userIdBody = z.strictObject({ id });

/** A one-time password, shown to the operator once: the account must replace it after signing in. */
export const oneTimePasswordResult = z.object({ id: z.number(), password: z.string() });
export type OneTimePasswordResult = z.infer<typeof oneTimePasswordResult>;

export const userOrganisationsQuery = z.strictObject({ name: z.string().trim().max(LIMITS.profileText.max).optional() });
export const userOrganisationsResult = z.object({
  organisations: z.array(z.object({ id: z.number(), name: z.string(), kind: z.enum(ORGANISATION_KINDS) })),
});
export type UserOrganisation = z.infer<typeof userOrganisationsResult>['organisations'][number];
