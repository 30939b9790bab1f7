import type { ModuleParts, Platform } from '../../core/module.ts';
import { createAccountRepo } from '../account/repo.ts';
import type { AuditService } from '../audit/service.ts';
import type { MailService } from '../mail/service.ts';
import { createInvitationRepo } from './repo.ts';
import { invitationRoutes } from './routes.ts';
import { createInvitationService } from './service.ts';

/** Invitations to a branch: mailed one-time sign-up links. */
export function invitationModule({ db, transaction, config, now }: Platform, deps: { audit: AuditService; mail: MailService }) {
  const invitations = createInvitationService({
    invitations: createInvitationRepo(db),
    accounts: createAccountRepo(db),
    mail: deps.mail,
    audit: deps.audit,
    transaction,
    publicUrl: config.publicUrl,
    now,
  });
  return { invitations, routes: (http) => invitationRoutes(http, invitations) } satisfies ModuleParts & Record<string, unknown>;
}
