import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import { createGroupRepo } from './repo.ts';
import { groupRoutes } from './routes.ts';
import { createGroupService } from './service.ts';

/** Groups of plants or devices, for batch operations (the command module reads their members for group remote). */
export function groupModule({ db, transaction }: Platform, deps: { audit: AuditService }) {
  const groupRepo = createGroupRepo(db);
  const groups = createGroupService({ groups: groupRepo, audit: deps.audit, transaction });
  return { groupRepo, routes: (http) => groupRoutes(http, groups) } satisfies ModuleParts & Record<string, unknown>;
}
