import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import { createBranchRepo } from './repo.ts';
import { branchRoutes } from './routes.ts';
import { createBranchService } from './service.ts';

/** Distributor and agent management, and their sign-up codes. */
export function distributorModule({ db, transaction }: Platform, deps: { audit: AuditService }) {
  const branches = createBranchService({ branches: createBranchRepo(db), audit: deps.audit, transaction });
  return { routes: (http) => branchRoutes(http, branches) } satisfies ModuleParts;
}
