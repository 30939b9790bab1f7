import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { SessionService } from '../session/service.ts';
import { createPowerInfoRepo } from './repo.ts';
import { powerInfoRoutes } from './routes.ts';
import { createPowerInfoService } from './service.ts';

/** Power info: company details, departments, members, permission groups. */
export function powerInfoModule({ db, transaction }: Platform, deps: { audit: AuditService; sessions: SessionService }) {
  const powerInfo = createPowerInfoService({ powerInfo: createPowerInfoRepo(db), transaction, ...deps });
  return { routes: (http) => powerInfoRoutes(http, powerInfo) } satisfies ModuleParts;
}
