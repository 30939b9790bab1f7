import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { CommandStates } from '../command/liveStates.ts';
import type { FileService } from '../file/service.ts';
import type { FirmwareRepo } from '../firmware/repo.ts';
import type { FirmwareService } from '../firmware/service.ts';
import type { MailService } from '../mail/service.ts';
import { createUpgradeRepo } from './repo.ts';
import { upgradeRoutes } from './routes.ts';
import { createUpgradeService } from './service.ts';
import { createStrategyService } from './strategies.ts';
import { createStrategyRepo } from './strategyRepo.ts';

/** Upgrade tasks on the command path, the devices' downloads, the blacklist and the after-sales reset. */
export function upgradeModule(
  { db, config, transaction, now, log, platformLog }: Platform,
  deps: {
    audit: AuditService;
    files: FileService;
    firmware: FirmwareService;
    firmwareRepo: FirmwareRepo;
    states: CommandStates;
    mail: MailService;
  },
) {
  const repo = createUpgradeRepo(db);
  const upgrades = createUpgradeService({
    upgrades: repo,
    firmware: deps.firmware,
    firmwareRepo: deps.firmwareRepo,
    files: deps.files,
    audit: deps.audit,
    transaction,
    now,
    publicUrl: config.publicUrl,
  });
  const strategies = createStrategyService({
    strategies: createStrategyRepo(db),
    upgrades: repo,
    service: upgrades,
    audit: deps.audit,
    mail: deps.mail,
    transaction,
    now,
    log,
    platformLog,
  });
  return {
    upgrades,
    routes: (http) => upgradeRoutes(http, upgrades, strategies, deps.states),
    // The strategy job: waves, thresholds, retries and the rate limit of the running strategies.
    jobs: [strategies.job],
  } satisfies ModuleParts & Record<string, unknown>;
}
