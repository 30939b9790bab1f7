import {
  Errno,
  GROUP_MAX_MEMBERS,
  type GroupCreateBody,
  type GroupListBody,
  type GroupMembersBody,
  type GroupMembersChangeBody,
  type GroupSummary,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { organisationIdOf } from '../../core/permissions.ts';
import { pageOf } from '../../db/page.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { GroupRepo, GroupRow } from './repo.ts';

const present = (row: { group: GroupRow; createdBy: string | null; members: number }): GroupSummary => ({
  id: row.group.id,
  kind: row.group.kind,
  name: row.group.name,
  members: row.members,
  createdBy: row.createdBy ?? '',
  createdAt: row.group.createdAt.getTime(),
  updatedAt: row.group.updatedAt.getTime(),
});

/** Each key once, in the order given. */
const distinct = (keys: string[]) => [...new Set(keys)];

/** Refuses the change when a key is not among `known`, naming each such entry of the body. */
function unknownMembers(keys: string[], known: Set<string>) {
  const issues = keys.flatMap((key, index) => (known.has(key) ? [] : [{ path: `body.members.${index}`, message: 'group.memberUnknown' }]));
  if (issues.length > 0) throw new AppError(Errno.groupMemberUnknown, issues);
}

/**
 * Group management (spec section 2, /bus/group/management): named groups of plants or devices
 * that batch operations act on. A member the caller cannot see is refused exactly like one that
 * does not exist (41944, naming the entries), and nothing changes.
 */
export function createGroupService(deps: { groups: GroupRepo; audit: AuditService; transaction: Transaction }) {
  const { groups, audit, transaction } = deps;

  async function visibleGroup(session: Session, id: number) {
    const group = await groups.find(session, id);
    if (!group) throw notFound();
    return group;
  }

  return {
    async list(session: Session, filters: GroupListBody) {
      const { total, rows } = await groups.list(session, filters);
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, groups: rows.map(present) };
    },

    async create(session: Session, client: ClientInfo, body: GroupCreateBody) {
      return transaction(async () => {
        const id = await groups.create({ ...body, organisationId: organisationIdOf(session), createdBy: session.accountId });
        await audit.record(session, client, { action: 'group.create', objectType: 'group', objectId: id, after: body });
        return { id };
      });
    },

    async rename(session: Session, client: ClientInfo, id: number, name: string) {
      return transaction(async () => {
        const before = await visibleGroup(session, id);
        await groups.rename(id, name);
        await audit.record(session, client, {
          action: 'group.rename',
          objectType: 'group',
          objectId: id,
          before: { name: before.name },
          after: { name },
        });
      });
    },

    async delete(session: Session, client: ClientInfo, id: number) {
      return transaction(async () => {
        const before = await visibleGroup(session, id);
        const members = await groups.memberCount(id);
        await groups.delete(id);
        await audit.record(session, client, {
          action: 'group.delete',
          objectType: 'group',
          objectId: id,
          before: { kind: before.kind, name: before.name, members },
        });
      });
    },

    async members(session: Session, { id, currentPage, pageSize }: GroupMembersBody) {
      const group = await visibleGroup(session, id);
      const { total, rows } = await groups.members(session, group, pageOf({ currentPage, pageSize }));
      const members = rows.map((row) => ({ ...row, addedAt: row.addedAt.getTime() }));
      return { total, currentPage, pageSize, kind: group.kind, members };
    },

    /** All or nothing: every key must be a plant id or device SN (as the group's kind says) that the caller sees. */
    async addMembers(session: Session, client: ClientInfo, body: GroupMembersChangeBody) {
      return transaction(async () => {
        const group = await visibleGroup(session, body.id);
        const keys = distinct(body.members);
        unknownMembers(body.members, await groups.visibleKeys(session, group.kind, keys));
        const already = await groups.memberKeys(session, group, keys);
        const added = keys.filter((key) => !already.has(key));
        if ((await groups.memberCount(group.id)) + added.length > GROUP_MAX_MEMBERS) throw new AppError(Errno.groupFull);
        if (added.length > 0) await groups.addMembers(group, added);
        await audit.record(session, client, {
          action: 'group.addMembers',
          objectType: 'group',
          objectId: group.id,
          after: { members: added },
        });
        return { added: added.length };
      });
    },

    /** All or nothing: every key must be a member the caller sees. */
    async removeMembers(session: Session, client: ClientInfo, body: GroupMembersChangeBody) {
      return transaction(async () => {
        const group = await visibleGroup(session, body.id);
        const keys = distinct(body.members);
        unknownMembers(body.members, await groups.memberKeys(session, group, keys));
        await groups.removeMembers(group, keys);
        await audit.record(session, client, {
          action: 'group.removeMembers',
          objectType: 'group',
          objectId: group.id,
          before: { members: keys },
        });
        return { removed: keys.length };
      });
    },
  };
}
export type GroupService = ReturnType<typeof createGroupService>;
