import { z } from 'zod';
import { idSchema, pageFields } from './plant.ts';

/** Groups of plants or devices, which batch operations act on (spec section 2, /bus/group/management). */
export const GROUP_KINDS = ['plant', 'device'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];
/** Members one call may add or remove. */
export const GROUP_MEMBERS_PER_CALL = 500;
/** Members one group may hold. */
export const GROUP_MAX_MEMBERS = 10_000;

const groupName = z.string().trim().min(1, { error: 'group.nameLength' }).max(64, { error: 'group.nameLength' });

export const groupListBody = z.strictObject({
  ...pageFields,
  kind: z.enum(GROUP_KINDS).optional(),
  name: z.string().trim().max(64).optional(),
});
export type GroupListBody = z.infer<typeof groupListBody>;

export const groupSummary = z.object({
  id: z.number(),
  kind: z.enum(GROUP_KINDS),
  name: z.string(),
  members: z.number(),
  createdBy: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type GroupSummary = z.infer<typeof groupSummary>;

export const groupListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  groups: z.array(groupSummary),
});

export const groupCreateBody = z.strictObject({ kind: z.enum(GROUP_KINDS), name: groupName });
export type GroupCreateBody = z.infer<typeof groupCreateBody>;
export const groupRenameBody = z.strictObject({ id: idSchema, name: groupName });

/** Members by plant id or device SN, as the group's kind says. */
export const groupMembersChangeBody = z.strictObject({
  id: idSchema,
  members: z
    .array(z.string().trim().min(1).max(64))
    .min(1, { error: 'group.membersRequired' })
    .max(GROUP_MEMBERS_PER_CALL, { error: 'group.tooManyAtOnce' }),
});
export type GroupMembersChangeBody = z.infer<typeof groupMembersChangeBody>;

export const groupMembersBody = z.strictObject({ ...pageFields, id: idSchema });
export type GroupMembersBody = z.infer<typeof groupMembersBody>;

export const groupMember = z.object({
  /** The plant id (as text) or the device SN. */
  key: z.string(),
  /** The plant's name, or the device's model. */
  name: z.string(),
  /** The plant's type or the device's type. */
  type: z.string(),
  /** The plant of a device, or the plant's city and country. */
  place: z.string(),
  addedAt: z.number(),
});
export type GroupMember = z.infer<typeof groupMember>;

export const groupMembersResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  kind: z.enum(GROUP_KINDS),
  members: z.array(groupMember),
});

export const groupMembersAdded = z.object({ added: z.number() });
export const groupMembersRemoved = z.object({ removed: z.number() });
