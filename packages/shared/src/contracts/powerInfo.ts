import { z } from 'zod';
import { ROLES } from '../access.ts';
import { LIMITS } from '../limits.ts';
import { PERMISSIONS } from '../permissions.ts';
import { countryCodeSchema, emailSchema, mobileSchema, profileText } from './common.ts';
import { idSchema, pageFields } from './plant.ts';

/** Power info (spec section 2, /bus/powerInfo): company details, departments, members, permission groups. */
export const POWER_INFO_LIMITS = {
  name: { min: 1, max: 64 },
  companyName: { min: 1, max: 128 },
  website: { max: 200 },
  /** The department tree is answered whole (one call draws the tree), so it is bounded. */
  departments: 500,
} as const;

const groupOrDepartmentName = z
  .string()
  .trim()
  .min(POWER_INFO_LIMITS.name.min, { error: 'powerInfo.validation.nameLength' })
  .max(POWER_INFO_LIMITS.name.max, { error: 'powerInfo.validation.nameLength' });

const websiteSchema = z
  .string()
  .trim()
  .max(POWER_INFO_LIMITS.website.max, { error: 'powerInfo.validation.website' })
  .pipe(z.url({ protocol: /^https?$/, error: 'powerInfo.validation.website' }));

/** A role (access number) a permission group can be assigned to. */
export const roleSchema = z.literal(ROLES, { error: 'powerInfo.validation.role' });

/** The manufacturer's company details, kept on the root organisation. */
export const companyInfo = z.object({
  name: z.string(),
  country: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

/** Every field at once (the form sends them all); an empty string clears an optional one. */
export const companyUpdateBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(POWER_INFO_LIMITS.companyName.min, { error: 'powerInfo.validation.companyNameLength' })
    .max(POWER_INFO_LIMITS.companyName.max, { error: 'powerInfo.validation.companyNameLength' }),
  country: z.union([z.literal(''), countryCodeSchema]),
  address: profileText(),
  email: z.union([z.literal(''), emailSchema]),
  phone: z.union([z.literal(''), mobileSchema]),
  website: z.union([z.literal(''), websiteSchema]),
});
export type CompanyUpdateBody = z.infer<typeof companyUpdateBody>;

export const department = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  /** The group assigned to this department itself. */
  permissionGroupId: z.number().nullable(),
  permissionGroupName: z.string(),
  /** The group its members get: its own, else the nearest department above it with one ('' for none). */
  effectiveGroupName: z.string(),
  /** Members directly in this department. */
  members: z.number(),
});
export type Department = z.infer<typeof department>;
export const departmentListResult = z.object({ departments: z.array(department) });

export const departmentCreateBody = z.strictObject({ parentId: idSchema.optional(), name: groupOrDepartmentName });
export type DepartmentCreateBody = z.infer<typeof departmentCreateBody>;

/** Renames a department and/or assigns it a permission group (null removes the assignment). */
export const departmentUpdateBody = z.strictObject({
  id: idSchema,
  name: groupOrDepartmentName.optional(),
  permissionGroupId: idSchema.nullable().optional(),
});
export type DepartmentUpdateBody = z.infer<typeof departmentUpdateBody>;

export const permissionCodeSchema = z.enum(PERMISSIONS, { error: 'powerInfo.validation.switchUnknown' });

export const permissionGroupCreateBody = z.strictObject({
  name: groupOrDepartmentName,
  permissions: z.array(permissionCodeSchema).max(PERMISSIONS.length),
});
export type PermissionGroupCreateBody = z.infer<typeof permissionGroupCreateBody>;
export const permissionGroupUpdateBody = permissionGroupCreateBody.extend({ id: idSchema });
export type PermissionGroupUpdateBody = z.infer<typeof permissionGroupUpdateBody>;

export const permissionGroupListBody = z.strictObject({
  ...pageFields,
  name: z.string().trim().max(POWER_INFO_LIMITS.name.max).optional(),
});
export type PermissionGroupListBody = z.infer<typeof permissionGroupListBody>;

export const permissionGroupSummary = z.object({
  id: z.number(),
  name: z.string(),
  permissions: z.array(z.string()),
  /** Where it is assigned: administrators directly, departments, roles. */
  members: z.number(),
  departments: z.number(),
  roles: z.array(z.number()),
  updatedAt: z.number(),
});
export type PermissionGroupSummary = z.infer<typeof permissionGroupSummary>;
export const permissionGroupListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  groups: z.array(permissionGroupSummary),
});

/** Each role with the group assigned to it, and the switches it holds through it (or by default). */
export const roleGroupsResult = z.object({
  roles: z.array(
    z.object({
      access: z.number(),
      permissionGroupId: z.number().nullable(),
      permissionGroupName: z.string(),
      permissions: z.array(z.string()),
    }),
  ),
});
export const roleGroupAssignBody = z.strictObject({ access: roleSchema, permissionGroupId: idSchema.nullable() });
export type RoleGroupAssignBody = z.infer<typeof roleGroupAssignBody>;

/** Members are the manufacturer's administrators (access 255); user management does the rest. */
export const memberListBody = z.strictObject({
  ...pageFields,
  /** Prefix of the user name or email. */
  user: z.string().trim().max(LIMITS.account.max).optional(),
  departmentId: idSchema.optional(),
  /** Members whose switches come from this group, however it is assigned. */
  permissionGroupId: idSchema.optional(),
});
export type MemberListBody = z.infer<typeof memberListBody>;

export const PERMISSION_SOURCES = ['own', 'department', 'role', 'default'] as const;
export const member = z.object({
  id: z.number(),
  user: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The user level (spec section 3): the access number, shown as its role name. */
  access: z.number(),
  disabled: z.boolean(),
  departmentId: z.number().nullable(),
  departmentName: z.string(),
  /** The member's own group, which wins over its department's and its role's. */
  permissionGroupId: z.number().nullable(),
  /** The group its switches come from, and how it got it. */
  effectiveGroupName: z.string(),
  permissionSource: z.enum(PERMISSION_SOURCES),
});
export type Member = z.infer<typeof member>;
export const memberListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  members: z.array(member),
});

/** Puts a member in a department and/or gives it its own group; null clears either. */
export const memberUpdateBody = z.strictObject({
  id: idSchema,
  departmentId: idSchema.nullable().optional(),
  permissionGroupId: idSchema.nullable().optional(),
});
export type MemberUpdateBody = z.infer<typeof memberUpdateBody>;
