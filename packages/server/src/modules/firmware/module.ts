import { join } from 'node:path';
import { createJobLoop } from '../../core/jobLoop.ts';
import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { FileService } from '../file/service.ts';
import { createFirmwareRepo } from './repo.ts';
import { firmwareRoutes } from './routes.ts';
import { createFirmwareService } from './service.ts';
import { ABANDONED_UPLOAD_MS, createSliceStore } from './slices.ts';

/** How often abandoned uploads are looked for. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The firmware library; the upgrade module sends what it holds. */
export function firmwareModule(
  { db, config, transaction, now, log, platformLog }: Platform,
  deps: { audit: AuditService; files: FileService },
) {
  const repo = createFirmwareRepo(db);
  // Slices of uploads under way, beside the file store, until the last arrives (or the upload is abandoned).
  const slices = createSliceStore(join(config.dataDir, 'uploads', 'firmware'));
  const sweeper = createJobLoop(
    async () => {
      const removed = await slices.sweep(now() - ABANDONED_UPLOAD_MS);
      if (removed > 0) log.info(`abandoned firmware uploads removed: ${removed}`);
      return false;
    },
    { idleMs: SWEEP_EVERY_MS, onError: platformLog.jobFailed('firmware upload sweep failed') },
  );
  const firmware = createFirmwareService({
    firmware: repo,
    slices,
    files: deps.files,
    audit: deps.audit,
    transaction,
    now,
  });
  return {
    firmware,
    firmwareRepo: repo,
    routes: (http) => firmwareRoutes(http, firmware),
    jobs: [sweeper.run],
  } satisfies ModuleParts & Record<string, unknown>;
}
