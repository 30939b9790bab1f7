import { routeByName } from '@sunstack/shared';
import type { ModuleParts, Platform } from '../../core/module.ts';
import { createNotificationRepo } from './repo.ts';
import { notificationRoutes } from './routes.ts';
import { createNotificationService } from './service.ts';

/** Alarm notifications: the caller's subscriptions, and the dispatcher and webhook sender (woken by NOTIFY alarm_notice). */
export function notificationModule({ db, database, config, now, log, platformLog }: Platform) {
  const notifications = createNotificationService({
    repo: createNotificationRepo(db),
    allowPrivateWebhooks: config.webhookAllowPrivate,
    listen: (channel, handler) => database.listen(channel, handler),
    now,
    log,
    platformLog,
    push: {
      subject: vapidSubject(config.publicUrl, config.mailFrom),
      alarmUrl: `${config.publicUrl.replace(/\/$/, '')}${routeByName('alarm').path}`,
    },
  });
  return { routes: (http) => notificationRoutes(http, notifications), jobs: [notifications.run] } satisfies ModuleParts;
}

/** RFC 8292's contact: the console's address when it is https, else the mailbox mails come from. */
export function vapidSubject(publicUrl: string, mailFrom: string) {
  if (publicUrl.startsWith('https://')) return publicUrl;
  return `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;
}
