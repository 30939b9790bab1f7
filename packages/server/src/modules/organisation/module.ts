import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { SessionService } from '../session/service.ts';
import { createOrganisationRepo } from './repo.ts';
import { organisationRoutes } from './routes.ts';
import { createOrganisationService } from './service.ts';

/** Moving a branch within the organisation tree. */
export function organisationModule({ db, transaction }: Platform, deps: { audit: AuditService; sessions: SessionService }) {
  const organisations = createOrganisationService({ organisations: createOrganisationRepo(db), transaction, ...deps });
  return { routes: (http) => organisationRoutes(http, organisations) } satisfies ModuleParts;
}
