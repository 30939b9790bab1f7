import { createJobLoop } from '../../core/jobLoop.ts';
import type { Job, ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { PlantRepo } from '../plant/repo.ts';
import { createAlarmRepo } from './repo.ts';
import { alarmRoutes } from './routes.ts';
import { createAlarmRules } from './rules.ts';
import { createAlarmService } from './service.ts';

/** The alarm rules are judged over the whole fleet this often. */
const ALARM_RULES_POLL_MS = 60_000;

/** Alarms: the lists, acknowledgement, exports, and the rules job that raises and clears rule alarms. */
export function alarmModule({ db, transaction, now, platformLog }: Platform, deps: { audit: AuditService; plantRepo: PlantRepo }) {
  const alarms = createAlarmService({ alarms: createAlarmRepo(db), plants: deps.plantRepo, audit: deps.audit, transaction });
  const rules = createAlarmRules(db);
  const rulesLoop = createJobLoop(
    async () => {
      await rules.evaluate(new Date(now()));
      return false;
    },
    { idleMs: ALARM_RULES_POLL_MS, onError: platformLog.jobFailed('alarm rules failed') },
  );
  const jobs: Job[] = [rulesLoop.run];
  return { routes: (http) => alarmRoutes(http, alarms), jobs } satisfies ModuleParts;
}
