import type { CompanyUpdateBody } from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import { requirePermission } from '../../core/permissions.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import type { AuditService } from '../audit/service.ts';
import type { PowerInfoRepo } from './repo.ts';

/** The manufacturer's company details: nobody's switches depend on them, so no lockout guard. */
export function createCompanyService(deps: {
  powerInfo: Pick<PowerInfoRepo, 'company' | 'updateCompany'>;
  audit: AuditService;
  transaction: Transaction;
}) {
  const { powerInfo, audit, transaction } = deps;
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
  };
}
