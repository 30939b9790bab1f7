import { type NoticeEvent, WEBHOOK_SUMMARY_MAX, type WebhookSummary } from '@sunstack/shared';
import type { FastifyBaseLogger } from 'fastify';
import { createJobLoop, type Listen, whileListening } from '../../core/jobLoop.ts';
import type { PlatformLog } from '../../core/platformLog.ts';
import type { Scope } from '../../core/scope.ts';
import { languageOf, mailText } from '../mail/templates.ts';
import { MINUTE, type Notice, noticeMail, noticePush, STORM, summaryMail, summaryPush, webhookNotice } from './notices.ts';
import { newVapidKeys, sendPush, subscriptionGone } from './push.ts';
import type { NotificationRepo, Subscriber } from './repo.ts';
import { postWebhook } from './webhook.ts';

const HOUR = 60 * MINUTE;

/** Webhook retries after a failed attempt: 30 s, 2 min, 10 min, 1 h, then hourly; given up 24 h after the delivery was written. */
export const WEBHOOK_RETRY_MS = [30_000, 2 * MINUTE, 10 * MINUTE, HOUR] as const;
export const WEBHOOK_GIVE_UP_MS = 24 * HOUR;
const retryDelay = (attempts: number) => WEBHOOK_RETRY_MS[Math.min(Math.max(attempts, 1), WEBHOOK_RETRY_MS.length) - 1] ?? HOUR;

const NOTICE_BATCH = 500;
const SUMMARY_BATCH = 50;
const WEBHOOK_BATCH = 20;
/**
 * Notices wake the dispatcher (NOTIFY alarm_notice), and the dispatcher wakes the webhook sender.
 * The dispatcher still looks every 5 s, since storm summaries fall due by the clock (a minute after
 * a storm began, then every 10 minutes); the sender's pause is the clock of retries, the first due
 * 30 s after a failure. Idle polls cost CPU.
 */
const DISPATCH_POLL_MS = 5_000;
const WEBHOOK_POLL_MS = 10_000;
/** Finished webhook deliveries are kept a week (to look into a receiver's complaint), looked at hourly. */
const WEBHOOK_KEEP_MS = 7 * 24 * HOUR;
const NOTICE_CHANNEL = 'alarm_notice';

const scopeOf = (subscriber: Pick<Subscriber, 'accountId' | 'access' | 'organisationPath'>): Scope => ({
  accountId: subscriber.accountId,
  access: subscriber.access,
  organisationPath: subscriber.organisationPath,
});

/**
 * The notification jobs of the `jobs` role. The dispatcher turns the notices the alarm trigger
 * writes into deliveries, each exactly once: it claims notices (FOR UPDATE SKIP LOCKED) and deletes
 * them in the transaction that writes the mails (mail outbox) and webhook deliveries
 * (notification_outbox), after checking each subscriber's scope with the alarm repository's
 * condition; it also sends storm summaries as they fall due. The sender delivers webhooks with retries.
 */
export function createNotificationJobs(deps: {
  repo: NotificationRepo;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach private addresses; off, the SSRF guard refuses them at delivery. */
  allowPrivateWebhooks: boolean;
  /** Wakes the dispatcher when a notice is committed (any process on the database). */
  listen: Listen;
  now: () => number;
  log: FastifyBaseLogger;
  platformLog: PlatformLog;
  /** The VAPID subject (RFC 8292: an https: URL or a mailto: address), and where a push opens the console. */
  push: { subject: string; alarmUrl: string };
}) {
  const { repo, allowPrivateWebhooks, listen, now, log, platformLog, push } = deps;

  /** Turns claimed notices into deliveries; answers whether a full batch was taken (more may wait). */
  async function dispatchNotices(): Promise<boolean> {
    const at = now();
    const done = await repo.transaction(async (tx) => {
      const claimed = await tx.claimNotices(NOTICE_BATCH);
      if (claimed.length === 0) return { notices: 0, webhooks: 0 };
      const alarms = new Map((await tx.alarmsOf([...new Set(claimed.map((n) => n.alarmId))])).map((a) => [a.id, a]));
      const notices = claimed.flatMap((n) => {
        const alarm = alarms.get(n.alarmId);
        return alarm ? [{ event: n.event, at: n.at, alarm }] : [];
      });
      const plantIds = [...new Set(notices.flatMap((n) => (n.alarm.plantId === null ? [] : [n.alarm.plantId])))];

      // Who wants which notice: plant and severity...
      const wanted = new Map<number, { subscriber: Subscriber; notices: Notice[] }>();
      for (const subscriber of await tx.candidates(plantIds)) {
        const matching = notices.filter(
          (n) =>
            (subscriber.plantId === null || subscriber.plantId === n.alarm.plantId) && subscriber.severities.includes(n.alarm.severity),
        );
        if (matching.length > 0) wanted.set(subscriber.id, { subscriber, notices: matching });
      }
      // ...and whether the account still sees the alarm: its scope now, the alarm list's own condition.
      const byAccount = new Map<number, { scope: Scope; alarmIds: Set<number> }>();
      for (const { subscriber, notices: matching } of wanted.values()) {
        const entry = byAccount.get(subscriber.accountId) ?? { scope: scopeOf(subscriber), alarmIds: new Set<number>() };
        for (const n of matching) entry.alarmIds.add(n.alarm.id);
        byAccount.set(subscriber.accountId, entry);
      }
      const visible = new Map<number, Set<number>>();
      for (const [accountId, { scope, alarmIds }] of byAccount) {
        visible.set(accountId, new Set(await tx.visibleAlarmIds(scope, [...alarmIds])));
      }
      for (const [id, entry] of wanted) {
        entry.notices = entry.notices.filter((n) => visible.get(entry.subscriber.accountId)?.has(n.alarm.id));
        if (entry.notices.length === 0) wanted.delete(id);
      }

      // Storms: counted per subscription under its lock, so two dispatchers agree.
      const ids = [...wanted.keys()].sort((a, b) => a - b);
      const stormState = await tx.lockSubscriptions(ids);
      const counts = await tx.recentCounts(ids, new Date(at - STORM.windowMs));
      const mails: { recipient: string; subject: string; body: string }[] = [];
      const webhooks: { subscriptionId: number; event: NoticeEvent; body: string; at: Date }[] = [];
      const pushes: { endpointId: number; body: string; at: Date }[] = [];
      const browsers = new Map<number, { id: number }[]>();
      for (const browser of await tx.endpointsOf([...byAccount.keys()]))
        browsers.set(browser.accountId, [...(browsers.get(browser.accountId) ?? []), browser]);
      const matches: { subscriptionId: number; alarmId: number; event: NoticeEvent; occurredAt: Date; matchedAt: Date; held: boolean }[] =
        [];
      const storms: number[] = [];
      for (const id of ids) {
        const { subscriber, notices: matching } = wanted.get(id) as { subscriber: Subscriber; notices: Notice[] };
        if (!stormState.has(id)) continue; // deleted meanwhile
        const storming = stormState.get(id) != null;
        const held = storming || (counts.get(id) ?? 0) + matching.length > STORM.maxSingles;
        if (held && !storming) storms.push(id);
        for (const n of matching) {
          matches.push({ subscriptionId: id, alarmId: n.alarm.id, event: n.event, occurredAt: n.at, matchedAt: new Date(at), held });
          if (held) continue;
          if (subscriber.email && subscriber.recipient) mails.push(noticeMail(subscriber.recipient, languageOf(subscriber.language), n));
          if (subscriber.webhookUrl) {
            webhooks.push({ subscriptionId: id, event: n.event, body: JSON.stringify(webhookNotice(n)), at: new Date(at) });
          }
          if (subscriber.push) {
            const body = JSON.stringify(noticePush(languageOf(subscriber.language), n, push.alarmUrl));
            for (const browser of browsers.get(subscriber.accountId) ?? []) pushes.push({ endpointId: browser.id, body, at: new Date(at) });
          }
        }
      }
      await tx.enqueueMails(mails);
      await tx.enqueueWebhooks(webhooks);
      await tx.enqueuePushes(pushes);
      await tx.recordMatches(matches);
      await tx.startStorms(storms, new Date(at + STORM.gatherMs));
      await tx.pruneMatches(new Date(at - STORM.windowMs));
      await tx.deleteNotices(claimed.map((n) => n.id));
      return { notices: claimed.length, webhooks: webhooks.length + pushes.length };
    });
    // Mails wake their sender themselves (NOTIFY mail_outbox at commit).
    if (done.webhooks > 0) sender.wake();
    return done.notices === NOTICE_BATCH;
  }

  /** Sends the summaries that are due, and ends storms that went quiet. */
  async function sendSummaries(): Promise<boolean> {
    const at = now();
    const done = await repo.transaction(async (tx) => {
      const due = await tx.dueSummaries(new Date(at), SUMMARY_BATCH);
      let webhooks = 0;
      for (const subscriber of due) {
        const held: Notice[] = await tx.held(subscriber.id);
        if (held.length === 0) {
          await tx.summarised(subscriber.id, null); // a quiet slot: single notices again
          continue;
        }
        const seen =
          subscriber.disabledAt === null
            ? new Set(await tx.visibleAlarmIds(scopeOf(subscriber), [...new Set(held.map((n) => n.alarm.id))]))
            : new Set<number>();
        const notices = held.filter((n) => seen.has(n.alarm.id));
        if (notices.length > 0) {
          const language = languageOf(subscriber.language);
          const plantLabel =
            subscriber.plantId === null
              ? mailText('alarm.yourPlants', language)
              : (subscriber.plantName ?? mailText('alarm.noPlant', language));
          if (subscriber.email && subscriber.recipient) {
            await tx.enqueueMails([summaryMail(subscriber.recipient, language, plantLabel, notices)]);
          }
          if (subscriber.webhookUrl) {
            const body: WebhookSummary = {
              event: 'summary',
              at,
              plantId: subscriber.plantId,
              count: notices.length,
              notices: notices.slice(0, WEBHOOK_SUMMARY_MAX).map(webhookNotice),
            };
            await tx.enqueueWebhooks([{ subscriptionId: subscriber.id, event: 'summary', body: JSON.stringify(body), at: new Date(at) }]);
            webhooks += 1;
          }
          if (subscriber.push) {
            const browsers = await tx.endpointsOf([subscriber.accountId]);
            const body = JSON.stringify(summaryPush(language, plantLabel, notices, push.alarmUrl, subscriber.id));
            await tx.enqueuePushes(browsers.map((browser) => ({ endpointId: browser.id, body, at: new Date(at) })));
            webhooks += browsers.length;
          }
        }
        await tx.summarised(subscriber.id, new Date(at + STORM.everyMs));
      }
      return { due: due.length, webhooks };
    });
    if (done.webhooks > 0) sender.wake();
    return done.due === SUMMARY_BATCH;
  }

  let prunedAt = 0;
  /** Sends due webhook deliveries (in parallel, each within its timeout); answers whether a full batch was taken. */
  async function deliverWebhooks(): Promise<boolean> {
    const claimed = await repo.claimWebhooks(new Date(now()), WEBHOOK_BATCH);
    await Promise.all(
      claimed.map(async (delivery) => {
        const outcome =
          delivery.url && delivery.secret
            ? await postWebhook({
                url: delivery.url,
                secret: delivery.secret,
                id: delivery.id,
                event: delivery.event,
                body: delivery.body,
                allowPrivate: allowPrivateWebhooks,
              })
            : ({ ok: false, status: null, error: 'the subscription no longer has a webhook', final: true } as const);
        const at = now();
        if (outcome.ok) {
          await repo.webhookDelivered(delivery.id, new Date(at), outcome.status);
          return;
        }
        const next = at + retryDelay(delivery.attempts);
        const giveUp = outcome.final === true || next - delivery.createdAt.getTime() > WEBHOOK_GIVE_UP_MS;
        log.warn({ delivery: delivery.id, attempts: delivery.attempts, error: outcome.error, giveUp }, 'webhook delivery failed');
        platformLog.deliveryFailed(
          'webhook',
          'webhook delivery failed',
          { delivery: delivery.id, attempts: delivery.attempts, status: outcome.status, error: outcome.error },
          giveUp,
        );
        await repo.webhookFailed(delivery.id, {
          status: outcome.status,
          error: outcome.error,
          nextAttemptAt: giveUp ? null : new Date(next),
          failedAt: giveUp ? new Date(at) : null,
        });
      }),
    );
    if (claimed.length === 0 && now() - prunedAt > HOUR) {
      prunedAt = now();
      await repo.pruneWebhooks(new Date(prunedAt - WEBHOOK_KEEP_MS));
      await repo.prunePushes(new Date(prunedAt - WEBHOOK_KEEP_MS));
    }
    return claimed.length === WEBHOOK_BATCH;
  }

  let vapid: { subject: string; publicKey: string; privateKey: string } | undefined;
  /** The server's VAPID keys, made and kept by the first process that needs them. */
  async function vapidKeys() {
    vapid ??= { subject: push.subject, ...(await repo.vapidKeys(newVapidKeys)) };
    return vapid;
  }

  /** Sends due pushes, retried as webhooks are; a push service that dropped the browser's subscription drops the browser. */
  async function deliverPushes(): Promise<boolean> {
    const claimed = await repo.claimPushes(new Date(now()), WEBHOOK_BATCH);
    if (claimed.length === 0) return false;
    const keys = await vapidKeys();
    await Promise.all(
      claimed.map(async (delivery) => {
        const outcome = await sendPush(delivery.browser, delivery.body, keys, allowPrivateWebhooks);
        const at = now();
        if (outcome.ok) return repo.pushDelivered(delivery.id, new Date(at), outcome.status);
        if (subscriptionGone(outcome.status)) return repo.dropEndpoint(delivery.browser.id);
        const next = at + retryDelay(delivery.attempts);
        const giveUp = outcome.final === true || next - delivery.createdAt.getTime() > WEBHOOK_GIVE_UP_MS;
        log.warn({ push: delivery.id, attempts: delivery.attempts, error: outcome.error, giveUp }, 'push delivery failed');
        platformLog.deliveryFailed(
          'push',
          'push delivery failed',
          { push: delivery.id, attempts: delivery.attempts, status: outcome.status, error: outcome.error },
          giveUp,
        );
        return repo.pushFailed(delivery.id, {
          status: outcome.status,
          error: outcome.error,
          nextAttemptAt: giveUp ? null : new Date(next),
          failedAt: giveUp ? new Date(at) : null,
        });
      }),
    );
    return claimed.length === WEBHOOK_BATCH;
  }

  const dispatcher = createJobLoop(
    async () => {
      const more = await dispatchNotices();
      return (await sendSummaries()) || more;
    },
    { idleMs: DISPATCH_POLL_MS, onError: platformLog.jobFailed('notification dispatch failed') },
  );
  const sender = createJobLoop(async () => (await deliverWebhooks()) || (await deliverPushes()), {
    idleMs: WEBHOOK_POLL_MS,
    onError: platformLog.jobFailed('webhook sender pass failed'),
  });

  return {
    dispatchNotices,
    sendSummaries,
    deliverWebhooks,
    deliverPushes,
    vapidKeys,

    /** The dispatcher and the webhook sender, until `signal` aborts. */
    async run(signal: AbortSignal) {
      await whileListening(listen, NOTICE_CHANNEL, dispatcher.wake, log, () => Promise.all([dispatcher.run(signal), sender.run(signal)]));
    },
  };
}
