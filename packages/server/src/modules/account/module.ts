import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { InvitationService } from '../invitation/service.ts';
import type { MailService } from '../mail/service.ts';
import type { SessionService } from '../session/service.ts';
import { createAccountRepo } from './repo.ts';
import { accountRoutes } from './routes.ts';
import { createAccountService } from './service.ts';

/** Sign-up, verification codes, password reset, the caller's own details. */
export function accountModule(
  { db, transaction, attempts, background, now }: Platform,
  deps: { audit: AuditService; mail: MailService; sessions: SessionService; invitations: InvitationService },
) {
  const accounts = createAccountService({ accounts: createAccountRepo(db), transaction, attempts, background, now, ...deps });
  return { accounts, routes: (http) => accountRoutes(http, accounts) } satisfies ModuleParts & Record<string, unknown>;
}
