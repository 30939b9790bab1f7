import type { ClientInfo, Session } from '../session/service.ts';
import type { AuditRepo } from './repo.ts';

export interface Change {
  action: string;
  objectType: 'plant' | 'datalogger' | 'device' | 'account' | 'organisation';
  objectId: string | number;
  before?: unknown;
  after?: unknown;
}

/** The operation log: who changed what, when, from where, before and after (issue 3). */
export function createAuditService(audits: AuditRepo) {
  return {
    async record(session: Session, client: ClientInfo, change: Change) {
      await audits.insert({
        actorId: session.accountId,
        organisationPath: session.organisationPath,
        ip: client.ip,
        action: change.action,
        objectType: change.objectType,
        objectId: String(change.objectId),
        before: change.before ?? null,
        after: change.after ?? null,
      });
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
