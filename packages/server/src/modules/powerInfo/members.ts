import type { MemberListBody, MemberUpdateBody } from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { requirePermission } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { SessionService } from '../session/service.ts';
import { revocationOfAccount } from '../session/sessionCache.ts';
import { asked, existingDepartment, existingGroup, KEEPER } from './lockout.ts';
import { presentMember } from './present.ts';
import type { PowerInfoRepo } from './repo.ts';

/** The administrators ("members"): their department and their own group. */
export function createMemberService(deps: {
  powerInfo: Pick<PowerInfoRepo, 'listMembers' | 'findMember' | 'findDepartment' | 'findGroup' | 'change'>;
  sessions: SessionService;
  audit: AuditService;
  transaction: Transaction;
}) {
  const { powerInfo, sessions, audit, transaction } = deps;

  return {
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
        if (fields.departmentId) await existingDepartment(powerInfo, fields.departmentId);
        if (fields.permissionGroupId) await existingGroup(powerInfo, fields.permissionGroupId);
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
