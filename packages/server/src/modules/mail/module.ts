import type { ModuleParts, Platform } from '../../core/module.ts';
import { createMailRepo } from './repo.ts';
import { createMailService } from './service.ts';

/** Mail: the durable outbox others write to, and its sender (a job). */
export function mailModule({ db, config, database, log, platformLog, fileStore }: Platform) {
  const mail = createMailService({
    mails: createMailRepo(db),
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    listen: (channel, handler) => database.listen(channel, handler),
    log,
    platformLog,
    fileStore,
  });
  return { mail, jobs: [mail.runSender] } satisfies ModuleParts & Record<string, unknown>;
}
