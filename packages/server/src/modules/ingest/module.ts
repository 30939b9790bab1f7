import type { ModuleParts, Platform } from '../../core/module.ts';
import type { CommandsFromDevices } from '../command/module.ts';
import type { TelemetryRepo } from '../telemetry/repo.ts';
import { createIngestMetrics, metricsRoute } from './metrics.ts';
import { createIngestRepo } from './repo.ts';
import { createIngestService } from './service.ts';

/** Device messages in (whichever broker delivers them: dataLoop.ts), and /metrics. */
export function ingestModule({ db, config, now, log }: Platform, deps: { telemetry: TelemetryRepo; commands: CommandsFromDevices }) {
  const metrics = createIngestMetrics();
  const ingest = createIngestService(
    { telemetry: deps.telemetry, repo: createIngestRepo(db), metrics, commands: deps.commands },
    { retentionDays: config.rawRetentionDays, now, log },
  );
  return { ingest, routes: (http) => metricsRoute(http, metrics.registry, config.metricsToken) } satisfies ModuleParts &
    Record<string, unknown>;
}
