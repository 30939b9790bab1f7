import { createJobLoop } from '../../core/jobLoop.ts';
import type { Job, Platform } from '../../core/module.ts';
import { createTelemetryRepo } from './repo.ts';
import { createRollupJob } from './rollups.ts';

/** How often an idle rollup job looks for new samples: rollups and live views trail the ingest by about this. */
const ROLLUP_POLL_MS = 1_000;
/** Raw samples expire a month at a time; looking once an hour is plenty. */
const RETENTION_POLL_MS = 3_600_000;

/**
 * Telemetry: raw samples and latest values (the repository the ingest writes and monitoring reads),
 * and its jobs: the rollup rounds, and the raw retention that drops expired partitions.
 */
export function telemetryModule(
  { db, database, config, now, log, platformLog }: Platform,
  deps: {
    /** Live views refresh when the rollups (and with them today's figures) took new samples in. */ onRolledUp(
      plantIds: number[],
    ): Promise<void>;
  },
) {
  const telemetry = createTelemetryRepo(db);
  const rollupJob = createRollupJob(db, database.kind);
  const rollupLoop = createJobLoop(
    async () => {
      const { more, plantIds } = await rollupJob.round();
      if (plantIds.length > 0) await deps.onRolledUp(plantIds);
      return more;
    },
    { idleMs: ROLLUP_POLL_MS, onError: platformLog.jobFailed('rollup round failed') },
  );
  const retentionLoop = createJobLoop(
    async () => {
      const dropped = await telemetry.dropExpiredPartitions(config.rawRetentionDays, now());
      if (dropped.length > 0) log.info(`raw samples past ${config.rawRetentionDays} days dropped: ${dropped.join(', ')}`);
      return false;
    },
    { idleMs: RETENTION_POLL_MS, onError: platformLog.jobFailed('raw retention failed') },
  );
  const jobs: Job[] = [rollupLoop.run, retentionLoop.run];
  return { telemetry, rollups: { settle: rollupJob.settle }, jobs };
}
