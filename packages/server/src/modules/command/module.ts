import type { ReplyPayload } from '@sunstack/shared';
import type { ModuleParts, Platform } from '../../core/module.ts';
import type { AuditService } from '../audit/service.ts';
import type { GroupRepo } from '../group/repo.ts';
import type { TemplateService } from '../template/service.ts';
import { createBatchService } from './batches.ts';
import { createBatchRepo } from './batchRepo.ts';
import { createCommandDispatcher, type DispatchOptions } from './dispatcher.ts';
import { createCommandStates } from './liveStates.ts';
import { createCommandRepo } from './repo.ts';
import { commandRoutes } from './routes.ts';
import { createCommandService } from './service.ts';

/**
 * Device commands: the calls that make them (one device, or a batch of many: group remote), the dispatcher that sends them (run by the ingest
 * role, beside the broker), what the ingest hands over from the devices (replies, connections), and
 * the live streams of their states.
 */
export async function commandModule(
  { db, database, transaction, now, log, platformLog, onClose }: Platform,
  deps: { audit: AuditService; templates: TemplateService; groups: GroupRepo },
) {
  const commands = createCommandRepo(db);
  const service = createCommandService({ commands, audit: deps.audit, transaction, now });
  const batches = createBatchService({ batches: createBatchRepo(db), commands, ...deps, transaction, now });
  const states = await createCommandStates(database);
  onClose(states.close);
  let dispatcher: ReturnType<typeof createCommandDispatcher> | undefined;
  return {
    routes: (http) => commandRoutes(http, service, batches, states),
    /** The commands and their state changes, for callers that wait for a device's answer (the Open API). */
    commands: service,
    states,
    /** What the ingest tells the commands: a device's reply (false: no open command of that datalogger has its id), a datalogger online. */
    fromDevices: {
      reply: (dataloggerSn: string, reply: ReplyPayload) => service.reply(dataloggerSn, reply),
      dataloggerOnline: () => dispatcher?.wake(),
    },
    /** Sends commands through the broker's `publish` until `signal` aborts (the ingest role). */
    async runDispatcher(publish: (topic: string, payload: string) => Promise<void>, signal: AbortSignal, options?: DispatchOptions) {
      dispatcher = createCommandDispatcher({
        commands,
        expire: service.expire,
        publish,
        listen: (channel, handler) => database.listen(channel, handler),
        now,
        log,
        platformLog,
        options,
      });
      await dispatcher.run(signal);
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
export type CommandsFromDevices = Awaited<ReturnType<typeof commandModule>>['fromDevices'];
