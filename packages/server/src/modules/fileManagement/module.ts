import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import { createFileRepo } from '../file/repo.ts';
import type { FileService } from '../file/service.ts';
import { fileManagementRoutes } from './routes.ts';
import { createFileManagementService, type FileUsage } from './service.ts';

/** File management: the stored files of every module, with where each is used (the usages app.ts hands in). */
export function fileManagementModule(
  { db, transaction }: Platform,
  deps: { audit: AuditService; files: FileService; usages: FileUsage[] },
) {
  const management = createFileManagementService({ repo: createFileRepo(db), ...deps, transaction });
  return { routes: (http) => fileManagementRoutes(http, management) } satisfies ModuleParts;
}
