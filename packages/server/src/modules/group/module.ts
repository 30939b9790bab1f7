import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import { createGroupRepo } from './repo.ts';
import { groupRoutes } from './routes.ts';
import { createGroupService } from './service.ts';

/** Groups of plants or devices, for batch operations. */
export function groupModule({ db, transaction }: Platform, deps: { audit: AuditService }) {
  const groups = createGroupService({ groups: createGroupRepo(db), audit: deps.audit, transaction });
  return { routes: (http) => groupRoutes(http, groups) } satisfies ModuleParts;
}
