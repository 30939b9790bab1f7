import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { CommandStates } from '../command/liveStates.ts';
import type { FileService } from '../file/service.ts';
import type { FirmwareRepo } from '../firmware/repo.ts';
import type { FirmwareService } from '../firmware/service.ts';
import { createUpgradeRepo } from './repo.ts';
import { upgradeRoutes } from './routes.ts';
import { createUpgradeService } from './service.ts';

/** Upgrade tasks on the command path, the devices' downloads, the blacklist and the after-sales reset. */
export function upgradeModule(
  { db, config, transaction, now }: Platform,
  deps: { audit: AuditService; files: FileService; firmware: FirmwareService; firmwareRepo: FirmwareRepo; states: CommandStates },
) {
  const upgrades = createUpgradeService({
    upgrades: createUpgradeRepo(db),
    firmware: deps.firmware,
    firmwareRepo: deps.firmwareRepo,
    files: deps.files,
    audit: deps.audit,
    transaction,
    now,
    publicUrl: config.publicUrl,
  });
  return { upgrades, routes: (http) => upgradeRoutes(http, upgrades, deps.states) } satisfies ModuleParts & Record<string, unknown>;
}
