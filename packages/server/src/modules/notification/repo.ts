import type { FaultSeverity, WebhookEvent } from '@sunstack/shared';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { plantVisible, type Scope } from '../../core/scope.ts';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rawSql.ts';
import {
  account,
  alarm,
  alarmNotice,
  device,
  notificationOutbox,
  notificationRecent,
  notificationSubscription,
  organisation,
  plant,
} from '../../db/schema.ts';
import { createAlarmRepo } from '../alarm/repo.ts';
import { createMailRepo } from '../mail/repo.ts';
import { pushStatementsOn } from './pushRepo.ts';

/** A claimed webhook delivery is not offered again for this long (longer than an attempt's timeout). */
const WEBHOOK_LEASE_MS = 60_000;

/** What a delivery needs to know of an alarm. */
const alarmColumns = {
  id: alarm.id,
  code: alarm.code,
  severity: alarm.severity,
  dataloggerSn: alarm.dataloggerSn,
  deviceSn: device.sn,
  plantId: alarm.plantId,
  plantName: plant.name,
  timeZone: plant.timeZone,
  raisedAt: alarm.raisedAt,
  lastRaisedAt: alarm.lastRaisedAt,
  clearedAt: alarm.clearedAt,
  occurrences: alarm.occurrences,
};

/** Whom a subscription belongs to: the account's scope, mailbox and language, read at delivery time. */
const subscriberColumns = {
  id: notificationSubscription.id,
  accountId: notificationSubscription.accountId,
  plantId: notificationSubscription.plantId,
  severities: notificationSubscription.severities,
  email: notificationSubscription.email,
  push: notificationSubscription.push,
  webhookUrl: notificationSubscription.webhookUrl,
  summaryDueAt: notificationSubscription.summaryDueAt,
  access: account.access,
  organisationPath: organisation.path,
  recipient: account.email,
  language: account.language,
  disabledAt: account.disabledAt,
};

/** The statements, on the database or on a transaction. */
function statementsOn(db: Db) {
  const alarms = createAlarmRepo(db);

  const subscriptionsOf = (accountId: number, scope: Scope, where?: SQL) =>
    db
      .select({ subscription: notificationSubscription, plantName: plant.name })
      .from(notificationSubscription)
      // The plant's name only while the account sees the plant.
      .leftJoin(plant, and(eq(plant.id, notificationSubscription.plantId), plantVisible(db, scope)))
      .where(and(eq(notificationSubscription.accountId, accountId), where))
      .orderBy(asc(notificationSubscription.id));

  return {
    // ---- subscriptions: the caller's own ----

    list: (scope: Scope) => subscriptionsOf(scope.accountId, scope),

    async one(scope: Scope, id: number) {
      const [row] = await subscriptionsOf(scope.accountId, scope, eq(notificationSubscription.id, id));
      return row;
    },

    async plantVisible(scope: Scope, plantId: number) {
      const rows = await db
        .select({ id: plant.id })
        .from(plant)
        .where(and(eq(plant.id, plantId), plantVisible(db, scope)));
      return rows.length > 0;
    },

    /**
     * Creates or replaces the account's subscription to the plant (null: every plant). A webhook keeps
     * its secret unless `renewSecret` or it had none; without a webhook there is no secret. Answers the
     * id and the secret it holds now.
     */
    async save(
      accountId: number,
      fields: { plantId: number | null; severities: FaultSeverity[]; email: boolean; push: boolean; webhookUrl: string | null },
      secret: string,
      renewSecret: boolean,
    ) {
      // Severities come from the enum: a PostgreSQL array literal of them is safe as one parameter.
      const severities = `{${fields.severities.join(',')}}`;
      const [row] = await selectRows<{ id: string | number; webhook_secret: string | null }>(
        db,
        sql`
          INSERT INTO notification_subscription (account_id, plant_id, severities, email, push, webhook_url, webhook_secret)
          VALUES (${accountId}, ${fields.plantId}, ${severities}::text[], ${fields.email}, ${fields.push}, ${fields.webhookUrl}::text,
                  CASE WHEN ${fields.webhookUrl}::text IS NULL THEN NULL ELSE ${secret}::text END)
          ON CONFLICT (account_id, (coalesce(plant_id, 0))) DO UPDATE SET
            severities = EXCLUDED.severities,
            email = EXCLUDED.email,
            push = EXCLUDED.push,
            webhook_url = EXCLUDED.webhook_url,
            webhook_secret = CASE
              WHEN EXCLUDED.webhook_url IS NULL THEN NULL
              WHEN ${renewSecret}::boolean OR notification_subscription.webhook_secret IS NULL THEN EXCLUDED.webhook_secret
              ELSE notification_subscription.webhook_secret
            END,
            updated_at = now()
          RETURNING id, webhook_secret`,
      );
      return { id: Number(row?.id), secret: row?.webhook_secret ?? null };
    },

    async remove(accountId: number, id: number) {
      const rows = await db
        .delete(notificationSubscription)
        .where(and(eq(notificationSubscription.id, id), eq(notificationSubscription.accountId, accountId)))
        .returning({ id: notificationSubscription.id });
      return rows.length > 0;
    },

    // ---- the dispatcher (in one transaction) ----

    /** Takes the oldest notices no other dispatcher holds; they stay locked until the transaction ends. */
    claimNotices: (limit: number) =>
      db.select().from(alarmNotice).orderBy(asc(alarmNotice.id)).limit(limit).for('update', { skipLocked: true }),

    deleteNotices: async (ids: number[]) => {
      if (ids.length > 0) await db.delete(alarmNotice).where(inArray(alarmNotice.id, ids));
    },

    alarmsOf: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select(alarmColumns)
            .from(alarm)
            .leftJoin(device, eq(device.id, alarm.deviceId))
            .leftJoin(plant, eq(plant.id, alarm.plantId))
            .where(inArray(alarm.id, ids)),

    /** Subscriptions of active accounts to these plants or to every plant (severity and scope are checked by the caller). */
    candidates: (plantIds: number[]) =>
      db
        .select(subscriberColumns)
        .from(notificationSubscription)
        .innerJoin(account, eq(account.id, notificationSubscription.accountId))
        .innerJoin(organisation, eq(organisation.id, account.organisationId))
        .where(
          and(
            isNull(account.disabledAt),
            or(
              isNull(notificationSubscription.plantId),
              plantIds.length > 0 ? inArray(notificationSubscription.plantId, plantIds) : undefined,
            ),
          ),
        )
        .orderBy(asc(notificationSubscription.id)),

    /** Of these alarms, those the account sees now: the alarm repository's own condition. */
    async visibleAlarmIds(scope: Scope, ids: number[]) {
      return ids.length === 0 ? [] : alarms.visibleIds(scope, ids);
    },

    /** Locks subscriptions (in id order, so dispatchers never deadlock) and answers their storm state. */
    async lockSubscriptions(ids: number[]) {
      if (ids.length === 0) return new Map<number, Date | null>();
      const rows = await db
        .select({ id: notificationSubscription.id, summaryDueAt: notificationSubscription.summaryDueAt })
        .from(notificationSubscription)
        .where(inArray(notificationSubscription.id, ids))
        .orderBy(asc(notificationSubscription.id))
        .for('update');
      return new Map(rows.map((row) => [row.id, row.summaryDueAt]));
    },

    /** Notices matched to each subscription since `since`. */
    async recentCounts(ids: number[], since: Date) {
      if (ids.length === 0) return new Map<number, number>();
      const rows = await db
        .select({ id: notificationRecent.subscriptionId, n: sql<number>`count(*)::int` })
        .from(notificationRecent)
        .where(and(inArray(notificationRecent.subscriptionId, ids), gt(notificationRecent.matchedAt, since)))
        .groupBy(notificationRecent.subscriptionId);
      return new Map(rows.map((row) => [row.id, Number(row.n)]));
    },

    recordMatches: async (rows: (typeof notificationRecent.$inferInsert)[]) => {
      if (rows.length > 0) await db.insert(notificationRecent).values(rows);
    },

    startStorms: async (ids: number[], summaryDueAt: Date) => {
      if (ids.length > 0) await db.update(notificationSubscription).set({ summaryDueAt }).where(inArray(notificationSubscription.id, ids));
    },

    /** Matches older than the window no longer count; held ones wait for their summary. */
    pruneMatches: async (before: Date) => {
      await db.delete(notificationRecent).where(and(eq(notificationRecent.held, false), lt(notificationRecent.matchedAt, before)));
    },

    enqueueMails: (mails: { recipient: string; subject: string; body: string }[]) => createMailRepo(db).enqueueMany(mails),

    enqueueWebhooks: async (rows: { subscriptionId: number; event: WebhookEvent; body: string; at: Date }[]) => {
      if (rows.length === 0) return;
      await db.insert(notificationOutbox).values(rows.map(({ at, ...row }) => ({ ...row, createdAt: at, nextAttemptAt: at })));
    },

    // ---- storm summaries (in one transaction) ----

    /** Subscriptions whose summary is due, locked (others skip them), with their owner and plant. */
    dueSummaries: (now: Date, limit: number) =>
      db
        .select({ ...subscriberColumns, plantName: plant.name })
        .from(notificationSubscription)
        .innerJoin(account, eq(account.id, notificationSubscription.accountId))
        .innerJoin(organisation, eq(organisation.id, account.organisationId))
        .leftJoin(plant, eq(plant.id, notificationSubscription.plantId))
        .where(lte(notificationSubscription.summaryDueAt, now))
        .orderBy(asc(notificationSubscription.summaryDueAt))
        .limit(limit)
        .for('update', { of: notificationSubscription, skipLocked: true }),

    /** What a storm held back for a subscription, oldest first, with its alarms. */
    held: (subscriptionId: number) =>
      db
        .select({ event: notificationRecent.event, at: notificationRecent.occurredAt, alarm: alarmColumns })
        .from(notificationRecent)
        .innerJoin(alarm, eq(alarm.id, notificationRecent.alarmId))
        .leftJoin(device, eq(device.id, alarm.deviceId))
        .leftJoin(plant, eq(plant.id, alarm.plantId))
        .where(and(eq(notificationRecent.subscriptionId, subscriptionId), eq(notificationRecent.held, true)))
        .orderBy(asc(notificationRecent.occurredAt), asc(notificationRecent.id)),

    /** The summary went out: what it held counts as sent, the next one is due at `next` (null: the storm is over). */
    async summarised(subscriptionId: number, next: Date | null) {
      await db
        .update(notificationRecent)
        .set({ held: false })
        .where(and(eq(notificationRecent.subscriptionId, subscriptionId), eq(notificationRecent.held, true)));
      await db.update(notificationSubscription).set({ summaryDueAt: next }).where(eq(notificationSubscription.id, subscriptionId));
    },

    // ---- the webhook sender ----

    /** Claims due deliveries by pushing their next attempt past the lease, with the subscription's current URL and secret. */
    async claimWebhooks(now: Date, limit: number) {
      const due = db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(and(isNull(notificationOutbox.deliveredAt), isNull(notificationOutbox.failedAt), lte(notificationOutbox.nextAttemptAt, now)))
        .orderBy(asc(notificationOutbox.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(notificationOutbox)
        .set({ attempts: sql`${notificationOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS) })
        .where(inArray(notificationOutbox.id, due))
        .returning();
      if (claimed.length === 0) return [];
      const targets = await db
        .select({
          id: notificationSubscription.id,
          url: notificationSubscription.webhookUrl,
          secret: notificationSubscription.webhookSecret,
        })
        .from(notificationSubscription)
        .where(
          inArray(
            notificationSubscription.id,
            claimed.map((row) => row.subscriptionId),
          ),
        );
      const byId = new Map(targets.map((target) => [target.id, target]));
      return claimed.map((row) => ({
        ...row,
        url: byId.get(row.subscriptionId)?.url ?? null,
        secret: byId.get(row.subscriptionId)?.secret ?? null,
      }));
    },

    async webhookDelivered(id: string, at: Date, status: number) {
      await db
        .update(notificationOutbox)
        .set({ deliveredAt: at, lastStatus: status, lastError: null })
        .where(eq(notificationOutbox.id, id));
    },

    /** A failed attempt: retried at `nextAttemptAt`, or given up (`failedAt`), keeping the error. */
    async webhookFailed(id: string, outcome: { status: number | null; error: string; nextAttemptAt: Date | null; failedAt: Date | null }) {
      await db
        .update(notificationOutbox)
        .set({
          lastStatus: outcome.status,
          lastError: outcome.error.slice(0, 500),
          ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
          failedAt: outcome.failedAt,
        })
        .where(eq(notificationOutbox.id, id));
    },

    /** Forgets deliveries done before `before` (delivered or given up). */
    async pruneWebhooks(before: Date) {
      await db
        .delete(notificationOutbox)
        .where(
          or(
            and(isNotNull(notificationOutbox.deliveredAt), lt(notificationOutbox.deliveredAt, before)),
            and(isNotNull(notificationOutbox.failedAt), lt(notificationOutbox.failedAt, before)),
          ),
        );
    },
  };
}
type Statements = ReturnType<typeof statementsOn> & ReturnType<typeof pushStatementsOn>;

export function createNotificationRepo(db: Db) {
  return {
    ...statementsOn(db),
    ...pushStatementsOn(db),
    /** Runs `work` in one transaction, every statement (the mail outbox's too) bound to it. */
    transaction: <T>(work: (tx: Statements) => Promise<T>) =>
      db.transaction((tx) => work({ ...statementsOn(tx), ...pushStatementsOn(tx) })),
  };
}
export type NotificationRepo = ReturnType<typeof createNotificationRepo>;

export type NoticeAlarm = Awaited<ReturnType<Statements['alarmsOf']>>[number];
export type Subscriber = Awaited<ReturnType<Statements['candidates']>>[number];
