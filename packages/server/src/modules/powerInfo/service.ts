import {
  Access,
  type CompanyUpdateBody,
  DEFAULT_PERMISSIONS,
  type DepartmentCreateBody,
  type DepartmentUpdateBody,
  Errno,
  type MemberListBody,
  type MemberUpdateBody,
  PERMISSIONS,
  type Permission,
  type PermissionGroupCreateBody,
  type PermissionGroupListBody,
  type PermissionGroupUpdateBody,
  POWER_INFO_LIMITS,
  ROLES,
  type RoleGroupAssignBody,
} from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { effectivePermissions, requirePermission } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { SessionService } from '../session/service.ts';
import { revocationOfAccount, revocationOfGroup, revocationOfRole } from '../session/sessionCache.ts';
import { presentDepartment, presentGroup, presentMember } from './present.ts';
import type { PowerInfoRepo } from './repo.ts';

/**
 * The switches that repair permissions: whoever holds them can view and edit every group. Every
 * change keeps at least one active administrator holding them (errno 41935).
 */
export const PERMISSION_KEEPER_SWITCHES: readonly Permission[] = ['role.query', 'role.edit'];
const KEEPER = {
  switches: PERMISSION_KEEPER_SWITCHES,
  byDefault: PERMISSION_KEEPER_SWITCHES.every((code) => DEFAULT_PERMISSIONS[Access.admin]?.includes(code)),
};

/** Switch codes once each, in the order of PERMISSIONS (the order the screen shows them). */
const canonical = (codes: readonly Permission[]) => PERMISSIONS.filter((code) => codes.includes(code));

/** Whether the body asks to change a field: undefined leaves it, null clears it. */
const asked = <T>(value: T | undefined): value is T => value !== undefined;

/**
 * Power info (spec section 2, /bus/powerInfo; issue 3): the manufacturer's company details, its
 * departments, its administrators ("members") and the permission groups that say which switches
 * of spec section 6 each account holds. Anything that changes which switches someone holds needs
 * role.edit, runs under the lockout guard, and evicts the sessions it affects from every cache.
 */
export function createPowerInfoService(deps: {
  powerInfo: PowerInfoRepo;
  sessions: SessionService;
  audit: AuditService;
  transaction: Transaction;
}) {
  const { powerInfo, sessions, audit, transaction } = deps;

  async function existingGroup(id: number) {
    const group = await powerInfo.findGroup(id);
    if (!group) throw notFound();
    return group;
  }

  async function existingDepartment(id: number) {
    const found = await powerInfo.findDepartment(id);
    if (!found) throw notFound();
    return found;
  }

  return {
    async company() {
      const { id: _, ...details } = await powerInfo.company();
      return details;
    },

    async updateCompany(session: Session, client: ClientInfo, body: CompanyUpdateBody) {
      requirePermission(session, 'organisation.edit');
      return transaction(async () => {
        const { id, ...before } = await powerInfo.company();
        await powerInfo.updateCompany(body);
        await audit.record(session, client, { action: 'company.update', objectType: 'organisation', objectId: id, before, after: body });
      });
    },

    async departments(session: Session) {
      requirePermission(session, 'organisation.query');
      return { departments: (await powerInfo.departments()).map(presentDepartment) };
    },

    async createDepartment(session: Session, client: ClientInfo, body: DepartmentCreateBody) {
      requirePermission(session, 'organisation.add');
      return transaction(async () => {
        if (body.parentId !== undefined) await existingDepartment(body.parentId);
        const id = await powerInfo.change(KEEPER, async (tx) => {
          if ((await tx.countDepartments()) >= POWER_INFO_LIMITS.departments) throw new AppError(Errno.departmentLimitReached);
          return tx.insertDepartment({ parentId: body.parentId ?? null, name: body.name });
        });
        await audit.record(session, client, { action: 'department.create', objectType: 'department', objectId: id, after: body });
        return { id };
      });
    },

    /** Renaming needs organisation.edit; assigning a group changes members' switches, so it needs role.edit. */
    async updateDepartment(session: Session, client: ClientInfo, body: DepartmentUpdateBody) {
      return transaction(async () => {
        const { id, ...fields } = body;
        if (asked(fields.name)) requirePermission(session, 'organisation.edit');
        if (asked(fields.permissionGroupId)) requirePermission(session, 'role.edit');
        const before = await existingDepartment(id);
        if (!asked(fields.name) && !asked(fields.permissionGroupId)) return;
        if (fields.permissionGroupId) await existingGroup(fields.permissionGroupId);
        await powerInfo.change(KEEPER, (tx) => tx.updateDepartment(id, fields));
        // Departments hold administrators only (members), so their sessions are the ones to re-read.
        if (asked(fields.permissionGroupId)) await sessions.forgetCachedSessions(revocationOfRole(Access.admin));
        await audit.record(session, client, {
          action: 'department.update',
          objectType: 'department',
          objectId: id,
          before: { name: before.name, permissionGroupId: before.permissionGroupId },
          after: fields,
        });
      });
    },

    /** Only an empty department goes: no members, no sub-departments (clear errors, nothing changes). */
    async deleteDepartment(session: Session, client: ClientInfo, id: number) {
      requirePermission(session, 'organisation.delete');
      return transaction(async () => {
        const before = await existingDepartment(id);
        await powerInfo.change(KEEPER, async (tx) => {
          const usage = await tx.departmentUsage(id);
          if (usage.members > 0) throw new AppError(Errno.departmentHasMembers);
          if (usage.children > 0) throw new AppError(Errno.departmentHasChildren);
          await tx.deleteDepartment(id);
        });
        await audit.record(session, client, {
          action: 'department.delete',
          objectType: 'department',
          objectId: id,
          before: { name: before.name, parentId: before.parentId, permissionGroupId: before.permissionGroupId },
        });
      });
    },

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
        const before = await existingGroup(body.id);
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
        const before = await existingGroup(id);
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
        if (body.permissionGroupId !== null) await existingGroup(body.permissionGroupId);
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

    async members(session: Session, filters: MemberListBody) {
      requirePermission(session, 'member.query');
      const { total, rows } = await powerInfo.listMembers(filters);
      return { total, currentPage: filters.currentPage, pageSize: filters.pageSize, members: rows.map(presentMember) };
    },

    /**
     * Puts an administrator in a department and/or gives it its own group. Anything that changes
     * which group its switches come from needs role.edit, so member.edit alone cannot move
     * someone (oneself included) into a more powerful department.
     */
    async updateMember(session: Session, client: ClientInfo, body: MemberUpdateBody) {
      requirePermission(session, 'member.edit');
      return transaction(async () => {
        const { id, ...fields } = body;
        if (asked(fields.permissionGroupId)) requirePermission(session, 'role.edit');
        const before = await powerInfo.findMember(id);
        if (!before) throw notFound();
        if (!asked(fields.departmentId) && !asked(fields.permissionGroupId)) return;
        if (fields.departmentId) await existingDepartment(fields.departmentId);
        if (fields.permissionGroupId) await existingGroup(fields.permissionGroupId);
        await powerInfo.change(KEEPER, async (tx) => {
          const groupBefore = await tx.effectiveGroupId(id);
          await tx.updateMember(id, fields);
          if ((await tx.effectiveGroupId(id)) !== groupBefore) requirePermission(session, 'role.edit');
        });
        await sessions.forgetCachedSessions(revocationOfAccount(id));
        await audit.record(session, client, {
          action: 'member.update',
          objectType: 'account',
          objectId: id,
          before: { departmentId: before.departmentId, permissionGroupId: before.permissionGroupId },
          after: fields,
        });
      });
    },
  };
}
export type PowerInfoService = ReturnType<typeof createPowerInfoService>;
