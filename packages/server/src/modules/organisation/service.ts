import { Errno } from '@sunstack/shared';
import type { ClientInfo, Session } from '../../core/caller.ts';
import type { Transaction } from '../../db/unitOfWork.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { AuditService } from '../audit/service.ts';
import type { SessionService } from '../session/service.ts';
import type { OrganisationRepo } from './repo.ts';

export function createOrganisationService(deps: {
  organisations: OrganisationRepo;
  sessions: SessionService;
  audit: AuditService;
  transaction: Transaction;
}) {
  const { organisations, sessions, audit, transaction } = deps;
  return {
    /** Moves a distributor or agent branch under another organisation; its plants, people and data go with it. */
    async move(session: Session, client: ClientInfo, id: number, parentId: number) {
      return transaction(async () => {
        const [branch, parent] = await Promise.all([organisations.find(id), organisations.find(parentId)]);
        if (!branch || !parent || branch.parentId === null) throw notFound();
        if (parent.path.startsWith(branch.path)) throw new AppError(Errno.moveIntoOwnBranch);
        await organisations.move(id, branch.path, parentId, `${parent.path}${id}/`);
        await sessions.forgetCachedSessions();
        await audit.record(session, client, {
          action: 'organisation.move',
          objectType: 'organisation',
          objectId: id,
          before: { parentId: branch.parentId },
          after: { parentId },
        });
      });
    },
  };
}
export type OrganisationService = ReturnType<typeof createOrganisationService>;
