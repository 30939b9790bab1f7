import type { Transaction } from '../../db/unitOfWork.ts';
import type { AuditService } from '../audit/service.ts';
import type { SessionService } from '../session/service.ts';
import { createCompanyService } from './company.ts';
import { createDepartmentService } from './departments.ts';
import { createMemberService } from './members.ts';
import { createPermissionGroupService } from './permissionGroups.ts';
import type { PowerInfoRepo } from './repo.ts';

/**
 * Power info (spec section 2, /bus/powerInfo; issue 3): the manufacturer's company details, its
 * departments, its administrators ("members") and the permission groups that say which switches
 * of spec section 6 each account holds, one file each. Anything that changes which switches
 * someone holds needs role.edit, runs under the lockout guard (lockout.ts), and evicts the sessions
 * it affects from every cache.
 */
export function createPowerInfoService(deps: {
  powerInfo: PowerInfoRepo;
  sessions: SessionService;
  audit: AuditService;
  transaction: Transaction;
}) {
  return {
    ...createCompanyService(deps),
    ...createDepartmentService(deps),
    ...createPermissionGroupService(deps),
    ...createMemberService(deps),
  };
}
export type PowerInfoService = ReturnType<typeof createPowerInfoService>;
