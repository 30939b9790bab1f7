import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import { createJournalRepo } from './repo.ts';
import { journalRoutes } from './routes.ts';
import { createJournalService } from './service.ts';

/** The journal: release notes written by administrators, read by every signed-in account. */
export function journalModule({ db, transaction }: Platform, deps: { audit: AuditService }) {
  const journal = createJournalService({ repo: createJournalRepo(db), ...deps, transaction });
  return { routes: (http) => journalRoutes(http, journal) } satisfies ModuleParts;
}
