import { createJobLoop } from '../../core/jobLoop.ts';
import type { ModuleParts, Platform } from '../../core/module.ts';
import { createPlatformLogRepo } from './repo.ts';
import { platformLogRoutes } from './routes.ts';
import { createPlatformLogService } from './service.ts';

/** Retention (issue 23): rows older than 90 days go, and each kind keeps its newest 10 000, checked hourly. */
export const PLATFORM_LOG_RETENTION = { days: 90, keepPerKind: 10_000, everyMs: 60 * 60_000 };

/** The platform log's screen calls and its retention job (the rows are written by core/platformLog.ts). */
export function platformLogModule({ db, now, log, platformLog }: Platform) {
  const repo = createPlatformLogRepo(db);
  const service = createPlatformLogService(repo);
  const prune = () => repo.prune(new Date(now() - PLATFORM_LOG_RETENTION.days * 86_400_000), PLATFORM_LOG_RETENTION.keepPerKind);
  const retention = createJobLoop(
    async () => {
      const removed = await prune();
      if (removed > 0) log.info(`platform log rows pruned: ${removed}`);
      return false;
    },
    { idleMs: PLATFORM_LOG_RETENTION.everyMs, onError: platformLog.jobFailed('platform log retention failed') },
  );
  return {
    prune,
    routes: (http) => platformLogRoutes(http, service),
    jobs: [retention.run],
  } satisfies ModuleParts & Record<string, unknown>;
}
