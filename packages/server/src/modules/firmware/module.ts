import { join } from 'node:path';
import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { FileService } from '../file/service.ts';
import { createFirmwareRepo } from './repo.ts';
import { firmwareRoutes } from './routes.ts';
import { createFirmwareService } from './service.ts';
import { createSliceStore } from './slices.ts';

/** The firmware library; the upgrade module sends what it holds. */
export function firmwareModule({ db, config, transaction, now }: Platform, deps: { audit: AuditService; files: FileService }) {
  const repo = createFirmwareRepo(db);
  const firmware = createFirmwareService({
    firmware: repo,
    // Slices of uploads under way, beside the file store, until the last arrives.
    slices: createSliceStore(join(config.dataDir, 'uploads', 'firmware')),
    files: deps.files,
    audit: deps.audit,
    transaction,
    now,
  });
  return { firmware, firmwareRepo: repo, routes: (http) => firmwareRoutes(http, firmware) } satisfies ModuleParts & Record<string, unknown>;
}
