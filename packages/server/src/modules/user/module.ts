import type { ModuleParts, Platform } from '../../core/module.ts';
import { createAccountRepo } from '../account/repo.ts';
import type { AuditService } from '../audit/service.ts';
import type { SessionService } from '../session/service.ts';
import { createUserRepo } from './repo.ts';
import { userRoutes } from './routes.ts';
import { createUserService } from './service.ts';

/** User management: the accounts of the caller's branch. */
export function userModule({ db, transaction }: Platform, deps: { audit: AuditService; sessions: SessionService }) {
  const users = createUserService({ users: createUserRepo(db), accounts: createAccountRepo(db), transaction, ...deps });
  return { routes: (http) => userRoutes(http, users) } satisfies ModuleParts;
}
