import { createJobLoop } from '../../core/jobLoop.ts';
import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { CommandStates } from '../command/liveStates.ts';
import type { CommandService } from '../command/service.ts';
import type { FileService } from '../file/service.ts';
import { createAgingService } from './aging.ts';
import { createAgingRepo } from './agingRepo.ts';
import { createLogRepo } from './logRepo.ts';
import { createLogService } from './logs.ts';
import { createDiagnosticsRepo } from './repo.ts';
import { diagnosticsRoutes } from './routes.ts';
import { createDiagnosticsService } from './service.ts';

/** The fallback pause of the collect job: a command's change wakes it at once. */
const COLLECT_POLL_MS = 10_000;
/** How often the ageing job judges running runs (devices report every minute to five on a rack). */
const AGING_JUDGE_MS = 30_000;

/**
 * Diagnostics (issue 24): I-V curve scans and their diagnosis, device logs. Scans go to the devices as iv.scan commands
 * (the command module); the collect job of the `jobs` role stores their answers as they finish, woken by any
 * command's change of state; the ageing job judges running ageing runs from their devices' telemetry and alarms.
 */
export function diagnosticsModule(
  { db, transaction, now, config, platformLog }: Platform,
  deps: { audit: AuditService; commands: CommandService; states: CommandStates; files: FileService },
) {
  const logs = createLogService({
    logs: createLogRepo(db),
    commands: deps.commands,
    files: deps.files,
    transaction,
    publicUrl: config.publicUrl,
    now,
  });
  const diagnostics = createDiagnosticsService({
    repo: createDiagnosticsRepo(db),
    commands: deps.commands,
    audit: deps.audit,
    transaction,
    now,
  });
  const collectLoop = createJobLoop(diagnostics.collect, {
    idleMs: COLLECT_POLL_MS,
    onError: platformLog.jobFailed('storing I-V scans failed'),
  });
  const collect = async (signal: AbortSignal) => {
    const stop = deps.states.subscribeAll(collectLoop.wake);
    try {
      await collectLoop.run(signal);
    } finally {
      stop();
    }
  };
  const aging = createAgingService({ repo: createAgingRepo(db), audit: deps.audit, transaction, now });
  const agingLoop = createJobLoop(aging.judgeRuns, {
    idleMs: AGING_JUDGE_MS,
    onError: platformLog.jobFailed('judging ageing runs failed'),
  });
  return {
    routes: (http) => diagnosticsRoutes(http, diagnostics, logs, aging),
    jobs: [collect, agingLoop.run],
    diagnostics,
  } satisfies ModuleParts & Record<string, unknown>;
}
