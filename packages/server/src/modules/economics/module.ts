import type { ModuleParts, Platform } from '../../core/module.ts';
import type { TelemetryRepo } from '../telemetry/repo.ts';
import { createEconomicsRepo } from './repo.ts';
import { economicsRoutes } from './routes.ts';
import { createEconomicsService } from './service.ts';

/** What owners ask of their plants beyond energy: money and self-sufficiency, from the energy rollups. */
export function economicsModule({ db, now }: Platform, deps: { telemetry: TelemetryRepo }) {
  const economics = createEconomicsService({ economics: createEconomicsRepo(db), telemetry: deps.telemetry, now });
  return { economics, routes: (http) => economicsRoutes(http, economics) } satisfies ModuleParts & Record<string, unknown>;
}
