import type { ModuleParts, Platform } from '../../core/module.ts';
import type { Database } from '../../db/client.ts';
import type { CommandsFromDevices } from '../command/module.ts';
import type { TelemetryRepo } from '../telemetry/repo.ts';
import { createIngestMetrics, metricsRoute } from './metrics.ts';
import { createIngestRepo } from './repo.ts';
import { createIngestService } from './service.ts';

/**
 * Samples a batch write holds at most. PGlite runs one call at a time in its thread (db/pgliteThread.ts),
 * where a write or the rollup round after it, background work, holds the next HTTP call's or PUBACK's
 * statement until it ends, and a round takes at least one mark, which is one batch: 5,000 samples cost
 * about 250-315 ms of CPU to write and 325-345 ms to roll up, 2,000 samples 45-65 and 110-165 ms, at the
 * same cost per sample (issue 17; load 11-14).
 */
const BATCH_SAMPLES: Record<Database['kind'], number> = { postgres: 5_000, pglite: 2_000 };

/** Device messages in (whichever broker delivers them: dataLoop.ts), and /metrics. */
export function ingestModule(
  { db, database, config, now, log, platformLog }: Platform,
  deps: { telemetry: TelemetryRepo; commands: CommandsFromDevices },
) {
  const metrics = createIngestMetrics(platformLog.rejected);
  const ingest = createIngestService(
    { telemetry: deps.telemetry, repo: createIngestRepo(db), metrics, commands: deps.commands },
    { retentionDays: config.rawRetentionDays, maxBatchSamples: BATCH_SAMPLES[database.kind], now, log },
  );
  return { ingest, routes: (http) => metricsRoute(http, metrics.registry, config.metricsToken) } satisfies ModuleParts &
    Record<string, unknown>;
}
