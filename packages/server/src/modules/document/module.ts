import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { FileService } from '../file/service.ts';
import type { FileUsage } from '../fileManagement/service.ts';
import { COVER_PURPOSE, createDocumentRepo, DOCUMENT_PURPOSE } from './repo.ts';
import { documentRoutes } from './routes.ts';
import { createDocumentService } from './service.ts';

/** Documents (manuals, datasheets, brochures) and the public manual page; file management asks where their files are used. */
export function documentModule({ db, transaction }: Platform, deps: { audit: AuditService; files: FileService }) {
  const repo = createDocumentRepo(db);
  const documents = createDocumentService({ repo, ...deps, transaction });
  const fileUsage: FileUsage = { purposes: [DOCUMENT_PURPOSE, COVER_PURPOSE], holders: repo.holders };
  return { fileUsage, routes: (http) => documentRoutes(http, documents) } satisfies ModuleParts & Record<string, unknown>;
}
