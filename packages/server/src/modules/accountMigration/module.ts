import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { MailService } from '../mail/service.ts';
import { createAccountMigrationRepo } from './repo.ts';
import { accountMigrationRoutes } from './routes.ts';
import { createAccountMigrationService } from './service.ts';

/** Account migration (after-sales, 255): plants of one account moved to another with a mailed code. */
export function accountMigrationModule({ db, transaction, now }: Platform, deps: { audit: AuditService; mail: MailService }) {
  const migrations = createAccountMigrationService({ repo: createAccountMigrationRepo(db), ...deps, transaction, now });
  return { routes: (http) => accountMigrationRoutes(http, migrations) } satisfies ModuleParts & Record<string, unknown>;
}
