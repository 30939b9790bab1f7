import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { DataloggerLabels } from '../datalogger/checkCode.ts';
import { createNamedAccountLookup } from './namedAccount.ts';
import { createPlantRepo } from './repo.ts';
import { plantRoutes } from './routes.ts';
import { createPlantService } from './service.ts';

/** Plants, their sharing and installer grants; other accounts are named through `namedAccount` (counted misses). */
export function plantModule({ db, transaction, attempts, now }: Platform, deps: { audit: AuditService; labels: DataloggerLabels }) {
  const plantRepo = createPlantRepo(db);
  const namedAccount = createNamedAccountLookup({ plants: plantRepo, attempts });
  const plants = createPlantService({ plants: plantRepo, transaction, attempts, namedAccount, now, ...deps });
  return { plantRepo, namedAccount, routes: (http) => plantRoutes(http, plants) } satisfies ModuleParts & Record<string, unknown>;
}
