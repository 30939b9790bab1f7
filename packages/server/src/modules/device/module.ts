import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { NamedAccountLookup } from '../plant/namedAccount.ts';
import type { PlantRepo } from '../plant/repo.ts';
import { createDeviceRepo } from './repo.ts';
import { deviceRoutes } from './routes.ts';
import { createDeviceService } from './service.ts';

/** Device lists and details in scope, integrator authorisations, charging piles, parallel systems. */
export function deviceModule(
  { db, transaction }: Platform,
  deps: { audit: AuditService; plantRepo: PlantRepo; namedAccount: NamedAccountLookup },
) {
  const devices = createDeviceService({
    devices: createDeviceRepo(db),
    plants: deps.plantRepo,
    namedAccount: deps.namedAccount,
    audit: deps.audit,
    transaction,
  });
  return { routes: (http) => deviceRoutes(http, devices) } satisfies ModuleParts;
}
