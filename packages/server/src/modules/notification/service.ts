import {
  Errno,
  FAULT_SEVERITIES,
  type NotificationSubscription,
  type PushSubscribeBody,
  type SubscriptionSaveBody,
} from '@sunstack/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Session } from '../../core/caller.ts';
import type { Listen } from '../../core/jobLoop.ts';
import type { PlatformLog } from '../../core/platformLog.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { createNotificationJobs } from './dispatcher.ts';
import type { NotificationRepo } from './repo.ts';
import { newWebhookSecret } from './webhook.ts';
import { webhookUrlProblem } from './webhookGuard.ts';

type SubscriptionRow = Awaited<ReturnType<NotificationRepo['list']>>[number];

function present({ subscription, plantName }: SubscriptionRow): NotificationSubscription {
  return {
    id: subscription.id,
    plantId: subscription.plantId,
    plantName: plantName ?? '',
    severities: subscription.severities,
    email: subscription.email,
    push: subscription.push,
    webhookUrl: subscription.webhookUrl,
    storm: subscription.summaryDueAt !== null,
    createdAt: subscription.createdAt.getTime(),
    updatedAt: subscription.updatedAt.getTime(),
  };
}

/**
 * Alarm notifications (issue 5): the caller's own subscriptions, and the jobs that deliver
 * (dispatcher.ts); what the deliveries say is in notices.ts.
 */
export function createNotificationService(deps: {
  repo: NotificationRepo;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach private addresses; off, the SSRF guard refuses them at save and at delivery. */
  allowPrivateWebhooks: boolean;
  /** Wakes the dispatcher when a notice is committed (any process on the database). */
  listen: Listen;
  now: () => number;
  log: FastifyBaseLogger;
  platformLog: PlatformLog;
  push: { subject: string; alarmUrl: string };
}) {
  const { repo, allowPrivateWebhooks } = deps;
  const jobs = createNotificationJobs(deps);

  return {
    async list(session: Session) {
      return { subscriptions: (await repo.list(session)).map(present) };
    },

    /**
     * Creates or replaces the caller's subscription to a plant it sees (one it does not see answers
     * like a missing one) or to every plant in its scope. A new webhook secret is answered once. A
     * webhook URL with credentials or a private host is refused (SSRF; delivery checks again after DNS).
     */
    async save(session: Session, body: SubscriptionSaveBody) {
      if (body.webhookUrl !== null && webhookUrlProblem(body.webhookUrl, allowPrivateWebhooks)) throw new AppError(Errno.webhookUrlRefused);
      if (body.plantId !== null && !(await repo.plantVisible(session, body.plantId))) throw notFound();
      const generated = newWebhookSecret();
      const severities = FAULT_SEVERITIES.filter((severity) => body.severities.includes(severity));
      const { id, secret } = await repo.save(
        session.accountId,
        { plantId: body.plantId, severities, email: body.email, push: body.push, webhookUrl: body.webhookUrl },
        generated,
        body.renewSecret ?? false,
      );
      const row = await repo.one(session, id);
      if (!row) throw notFound();
      return { subscription: present(row), secret: secret === generated ? secret : null };
    },

    async remove(session: Session, id: number) {
      if (!(await repo.remove(session.accountId, id))) throw notFound();
    },

    /** The VAPID public key browsers subscribe with (made on the first call and kept). */
    async pushKey() {
      return { publicKey: (await jobs.vapidKeys()).publicKey };
    },

    async pushBrowsers(session: Session) {
      const rows = await repo.listEndpoints(session.accountId);
      return { browsers: rows.map((row) => ({ endpoint: row.endpoint, userAgent: row.userAgent, createdAt: row.createdAt.getTime() })) };
    },

    /** Turns pushes on in a browser; its push service's address passes the webhooks' SSRF guard (checked again at delivery). */
    async pushSubscribe(session: Session, body: PushSubscribeBody, userAgent: string) {
      if (webhookUrlProblem(body.endpoint, allowPrivateWebhooks)) throw new AppError(Errno.pushEndpointRefused);
      await repo.saveEndpoint(session.accountId, {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userAgent: userAgent.slice(0, 300),
      });
    },

    /** Turns pushes off in one of the caller's browsers; another account's endpoint answers like a missing one. */
    async pushUnsubscribe(session: Session, endpoint: string) {
      if (!(await repo.removeEndpoint(session.accountId, endpoint))) throw notFound();
    },

    ...jobs,
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
