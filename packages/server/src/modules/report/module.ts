import { createJobLoop } from '../../core/jobLoop.ts';
import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { FileService } from '../file/service.ts';
import type { MailService } from '../mail/service.ts';
import { createDataReportRepo } from './dataRepo.ts';
import { createDataReportService } from './dataService.ts';
import { createReportExportRepo } from './exportRepo.ts';
import { createReportExportService } from './exportService.ts';
import { createFleetRepo } from './fleetRepo.ts';
import { createFleetService } from './fleetService.ts';
import { reportRoutes } from './routes.ts';

/** An idle report job looks for due periods and new tasks this often (a new task waits at most this long). */
const REPORT_POLL_MS = 5_000;

/** Data reports (figures from the rollups), report exports and their durable generation job. */
export function reportModule(
  { db, transaction, config, now, platformLog }: Platform,
  deps: { files: FileService; mail: MailService; audit: AuditService },
) {
  const dataRepo = createDataReportRepo(db);
  const data = createDataReportService({ reports: dataRepo });
  const exports = createReportExportService({
    exports: createReportExportRepo(db),
    data: dataRepo,
    ...deps,
    transaction,
    publicUrl: config.publicUrl,
    now,
  });
  const fleet = createFleetService({ fleet: createFleetRepo(db), now });
  const loop = createJobLoop(() => exports.pass(), {
    idleMs: REPORT_POLL_MS,
    onError: platformLog.jobFailed('report job pass failed'),
  });
  return { reportExports: exports, routes: (http) => reportRoutes(http, data, exports, fleet), jobs: [loop.run] } satisfies ModuleParts &
    Record<string, unknown>;
}
