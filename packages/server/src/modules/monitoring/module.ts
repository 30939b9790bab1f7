import type { ModuleParts, Platform } from '../../core/module.ts';
import type { PlantRepo } from '../plant/repo.ts';
import type { TelemetryRepo } from '../telemetry/repo.ts';
import { createLiveUpdates } from './liveUpdates.ts';
import { createMonitoringRepo } from './repo.ts';
import { monitoringRoutes } from './routes.ts';
import { createMonitoringService } from './service.ts';

/** What the plants and devices measure: latest values, history, energy, power flow, and the live streams. */
export async function monitoringModule({ db, database, now, onClose }: Platform, deps: { telemetry: TelemetryRepo; plantRepo: PlantRepo }) {
  const live = await createLiveUpdates(database);
  onClose(live.close);
  const monitoring = createMonitoringService({
    monitoring: createMonitoringRepo(db),
    telemetry: deps.telemetry,
    plants: deps.plantRepo,
    now,
  });
  return { live, monitoring, routes: (http) => monitoringRoutes(http, monitoring, live) } satisfies ModuleParts & Record<string, unknown>;
}
