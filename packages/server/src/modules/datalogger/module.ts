import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import { createDynsec } from '../broker/mosquittoDynsec.ts';
import { createDataloggerLabels } from './checkCode.ts';
import { createDataloggerRepo } from './repo.ts';
import { dataloggerRoutes } from './routes.ts';
import { createDataloggerService } from './service.ts';

/** Datalogger registration, import, list and deletion; the labels' check codes that bind one to a plant. */
export function dataloggerModule({ db, transaction, config, log }: Platform, deps: { audit: AuditService }) {
  const repo = createDataloggerRepo(db);
  const labels = createDataloggerLabels(repo);
  // With an external broker, dataloggers' access is provisioned there (Mosquitto's dynamic security).
  const dynsec = config.mqtt.external && createDynsec(config.mqtt.external, log);
  const dataloggers = createDataloggerService({ dataloggers: repo, audit: deps.audit, transaction, labels, dynsec, log });
  return { labels, routes: (http) => dataloggerRoutes(http, dataloggers) } satisfies ModuleParts & Record<string, unknown>;
}
