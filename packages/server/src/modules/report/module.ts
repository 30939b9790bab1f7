import type { ModuleParts, Platform } from '../../core/module.ts';
import { createDataReportRepo } from './dataRepo.ts';
import { createDataReportService } from './dataService.ts';
import { reportRoutes } from './routes.ts';

/** Data reports (figures from the rollups), report exports and their generation job. */
export function reportModule({ db }: Platform) {
  const data = createDataReportService({ reports: createDataReportRepo(db) });
  return { routes: (http) => reportRoutes(http, data) } satisfies ModuleParts;
}
