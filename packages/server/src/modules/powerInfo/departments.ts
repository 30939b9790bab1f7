import { Access, type DepartmentCreateBody, type DepartmentUpdateBody, Errno, POWER_INFO_LIMITS } from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { requirePermission } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { SessionService } from '../session/service.ts';
import { revocationOfRole } from '../session/sessionCache.ts';
import { asked, existingDepartment, existingGroup, KEEPER } from './lockout.ts';
import { presentDepartment } from './present.ts';
import type { PowerInfoRepo } from './repo.ts';

/** The department tree; a department's group gives its members their switches. */
export function createDepartmentService(deps: {
  powerInfo: Pick<PowerInfoRepo, 'departments' | 'findDepartment' | 'findGroup' | 'change'>;
  sessions: SessionService;
  audit: AuditService;
  transaction: Transaction;
}) {
  const { powerInfo, sessions, audit, transaction } = deps;

  return {
    async departments(session: Session) {
      requirePermission(session, 'organisation.query');
      return { departments: (await powerInfo.departments()).map(presentDepartment) };
    },

    async createDepartment(session: Session, client: ClientInfo, body: DepartmentCreateBody) {
      requirePermission(session, 'organisation.add');
      return transaction(async () => {
        if (body.parentId !== undefined) await existingDepartment(powerInfo, body.parentId);
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
        const before = await existingDepartment(powerInfo, id);
        if (!asked(fields.name) && !asked(fields.permissionGroupId)) return;
        if (fields.permissionGroupId) await existingGroup(powerInfo, fields.permissionGroupId);
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
        const before = await existingDepartment(powerInfo, id);
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
  };
}
