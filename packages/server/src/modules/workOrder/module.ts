import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { FileService } from '../file/service.ts';
import type { MailService } from '../mail/service.ts';
import { createWorkOrderRepo } from './repo.ts';
import { workOrderRoutes } from './routes.ts';
import { createWorkOrderService } from './service.ts';

/** Work orders; file management asks it where its photos are used. */
export function workOrderModule(
  { db, transaction, config }: Platform,
  deps: { audit: AuditService; mail: MailService; files: FileService },
) {
  const repo = createWorkOrderRepo(db);
  const workOrders = createWorkOrderService({ repo, ...deps, transaction, publicUrl: config.publicUrl });
  return { workOrderRepo: repo, routes: (http) => workOrderRoutes(http, workOrders) } satisfies ModuleParts & Record<string, unknown>;
}
