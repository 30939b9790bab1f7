import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { FileService } from '../file/service.ts';
import type { FileUsage } from '../fileManagement/service.ts';
import { BRAND_PURPOSE, createBrandRepo } from './repo.ts';
import { brandRoutes } from './routes.ts';
import { createBrandService } from './service.ts';

/** Brands: the console's look by the domain it is served on; file management asks where their logos are used. */
export function brandModule({ db, transaction }: Platform, deps: { audit: AuditService; files: FileService }) {
  const repo = createBrandRepo(db);
  const brands = createBrandService({ repo, ...deps, transaction });
  const fileUsage: FileUsage = { purposes: [BRAND_PURPOSE], holders: repo.holders };
  return { fileUsage, routes: (http) => brandRoutes(http, brands) } satisfies ModuleParts & Record<string, unknown>;
}
