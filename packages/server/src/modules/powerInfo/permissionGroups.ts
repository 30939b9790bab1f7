import {
  Errno,
  PERMISSIONS,
  type Permission,
  type PermissionGroupCreateBody,
  type PermissionGroupListBody,
  type PermissionGroupUpdateBody,
  ROLES,
  type RoleGroupAssignBody,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { effectivePermissions, requirePermission } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { SessionService } from '../session/service.ts';
import { revocationOfGroup, revocationOfRole } from '../session/sessionCache.ts';
import { existingGroup, KEEPER } from './lockout.ts';
import { presentGroup } from './present.ts';
import type { PowerInfoRepo } from './repo.ts';

/** Switch codes once each, in the order of PERMISSIONS (the order the screen shows them). */
const canonical = (codes: readonly Permission[]) => PERMISSIONS.filter((code) => codes.includes(code));

/** Permission groups (named sets of switches) and the group each role takes its switches from. */
export function createPermissionGroupService(deps: {
  powerInfo: Pick<PowerInfoRepo, 'listGroups' | 'findGroup' | 'roleGroups' | 'change'>;
  sessions: SessionService;
  audit: AuditService;
  transaction: Transaction;
}) {
  const { powerInfo, sessions, audit, transaction } = deps;

  return {
    async groups(session: Session, filters: PermissionGroupListBody) {
      requirePermission(session, 'role.query');
      const { total, rows } = await powerInfo.listGroups(filters);
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, groups: rows.map(presentGroup) };
    },

    async createGroup(session: Session, client: ClientInfo, body: PermissionGroupCreateBody) {
      requirePermission(session, 'role.add');
      return transaction(async () => {
        const fields = { name: body.name, permissions: canonical(body.permissions) };
        const id = await powerInfo.change(KEEPER, (tx) => tx.insertGroup(fields));
        await audit.record(session, client, {
          action: 'permissionGroup.create',
          objectType: 'permissionGroup',
          objectId: id,
          after: fields,
        });
        return { id };
      });
    },

    async updateGroup(session: Session, client: ClientInfo, body: PermissionGroupUpdateBody) {
      requirePermission(session, 'role.edit');
      return transaction(async () => {
        const before = await existingGroup(powerInfo, body.id);
        const fields = { name: body.name, permissions: canonical(body.permissions) };
        await powerInfo.change(KEEPER, (tx) => tx.updateGroup(body.id, fields));
        await sessions.forgetCachedSessions(revocationOfGroup(body.id));
        await audit.record(session, client, {
          action: 'permissionGroup.update',
          objectType: 'permissionGroup',
          objectId: body.id,
          before: { name: before.name, permissions: before.permissions },
          after: fields,
        });
      });
    },

    /** Only an unassigned group goes, so deleting never changes anyone's switches behind the operator's back. */
    async deleteGroup(session: Session, client: ClientInfo, id: number) {
      requirePermission(session, 'role.delete');
      return transaction(async () => {
        const before = await existingGroup(powerInfo, id);
        await powerInfo.change(KEEPER, async (tx) => {
          const usage = await tx.groupUsage(id);
          if (usage.members + usage.departments + usage.roles > 0) throw new AppError(Errno.permissionGroupInUse);
          await tx.deleteGroup(id);
        });
        await audit.record(session, client, {
          action: 'permissionGroup.delete',
          objectType: 'permissionGroup',
          objectId: id,
          before: { name: before.name, permissions: before.permissions },
        });
      });
    },

    /** Every role, with its group and the switches it holds through it or by default. */
    async roleGroups(session: Session) {
      requirePermission(session, 'role.query');
      const assigned = new Map((await powerInfo.roleGroups()).map((row) => [row.access, row.group]));
      return {
        roles: ROLES.map((access) => {
          const group = assigned.get(access);
          return {
            access,
            permissionGroupId: group?.id ?? null,
            permissionGroupName: group?.name ?? '',
            permissions: [...effectivePermissions(access, group?.permissions ?? null)],
          };
        }),
      };
    },

    async assignRoleGroup(session: Session, client: ClientInfo, body: RoleGroupAssignBody) {
      requirePermission(session, 'role.edit');
      return transaction(async () => {
        if (body.permissionGroupId !== null) await existingGroup(powerInfo, body.permissionGroupId);
        const before = (await powerInfo.roleGroups()).find((row) => row.access === body.access)?.group.id ?? null;
        await powerInfo.change(KEEPER, (tx) => tx.setRoleGroup(body.access, body.permissionGroupId));
        await sessions.forgetCachedSessions(revocationOfRole(body.access));
        await audit.record(session, client, {
          action: 'permissionGroup.assignRole',
          objectType: 'permissionGroup',
          objectId: body.permissionGroupId ?? before ?? '',
          before: { access: body.access, permissionGroupId: before },
          after: body,
        });
      });
    },
  };
}
