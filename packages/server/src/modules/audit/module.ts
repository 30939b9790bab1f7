import type { ModuleParts, Platform } from '../../core/module.ts';
import { createAuditRepo } from './repo.ts';
import { auditRoutes } from './routes.ts';
import { createAuditService } from './service.ts';

/** The operation log and the account log: every module records into it. */
export function auditModule({ db, unitOfWork }: Platform) {
  const audit = createAuditService(createAuditRepo(db), unitOfWork);
  return { audit, routes: (http) => auditRoutes(http, audit) } satisfies ModuleParts & Record<string, unknown>;
}
