import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { FileService } from '../file/service.ts';
import type { FileUsage } from '../fileManagement/service.ts';
import type { MailService } from '../mail/service.ts';
import { createWorkOrderRepo, PHOTO_PURPOSE } from './repo.ts';
import { workOrderRoutes } from './routes.ts';
import { createWorkOrderService } from './service.ts';

/** Work orders; file management asks them where their photos are used. */
export function workOrderModule(
  { db, transaction, config }: Platform,
  deps: { audit: AuditService; mail: MailService; files: FileService },
) {
  const repo = createWorkOrderRepo(db);
  const workOrders = createWorkOrderService({ repo, ...deps, transaction, publicUrl: config.publicUrl });
  const fileUsage: FileUsage = { purposes: [PHOTO_PURPOSE], holders: repo.holders };
  return { fileUsage, routes: (http) => workOrderRoutes(http, workOrders) } satisfies ModuleParts & Record<string, unknown>;
}
