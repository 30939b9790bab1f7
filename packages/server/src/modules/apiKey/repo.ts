import type { ApiQuotaListBody } from '@sunstack/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { startsWith } from '../../db/like.ts';
import { offsetOf } from '../../db/page.ts';
import { type PreparedStatement, runPrepared } from '../../db/rawSql.ts';
import { account, apiKey, apiUsage, organisation, permissionGroup } from '../../db/schema.ts';
import { announceRevocation, revocationOfToken } from '../session/sessionCache.ts';

/** What an account's counters say at one instant: its UTC day and second. */
export interface UsageClock {
  day: string;
  second: number;
}

/**
 * One call taken from the account's quota, in one statement: the row is locked by the upsert, the
 * WHERE is judged on its newest version, so concurrent calls (any process) never pass the quota or
 * the per-second limit. A new day or second starts its counter again. No row back: refused, and
 * nothing was counted.
 */
const TAKE_CALL: PreparedStatement = {
  name: 'api_usage_take',
  text: `insert into api_usage (account_id, day, day_calls, second, second_calls) values ($1, $2::date, 1, $3, 1)
    on conflict (account_id) do update set
      day_calls = case when api_usage.day = excluded.day then api_usage.day_calls + 1 else 1 end,
      day = excluded.day,
      second_calls = case when api_usage.second = excluded.second then api_usage.second_calls + 1 else 1 end,
      second = excluded.second
    where (api_usage.day <> excluded.day or api_usage.day_calls < api_usage.daily_quota)
      and (api_usage.second <> excluded.second or api_usage.second_calls < $4)
      and api_usage.daily_quota > 0
    returning daily_quota, day_calls`,
};

/** Calls counted today (0 when the counters belong to another day). */
const callsOn = (day: string) => sql<number>`case when ${apiUsage.day} = ${day}::date then ${apiUsage.dayCalls} else 0 end`.mapWith(Number);
const quotaOf = sql<number>`coalesce(${apiUsage.dailyQuota}, 1440)`.mapWith(Number);

export function createApiKeyRepo(db: Db) {
  return {
    async insert(row: { accountId: number; name: string; keyHash: Buffer }) {
      const [created] = await db.insert(apiKey).values(row).returning({ id: apiKey.id });
      return (created as { id: number }).id;
    },

    /** The account's keys that were not revoked, newest first. */
    async ofAccount(accountId: number) {
      return db
        .select()
        .from(apiKey)
        .where(and(eq(apiKey.accountId, accountId), isNull(apiKey.revokedAt)))
        .orderBy(desc(apiKey.id));
    },

    async countLive(accountId: number) {
      return db.$count(apiKey, and(eq(apiKey.accountId, accountId), isNull(apiKey.revokedAt)));
    },

    /** Revokes one of the account's live keys; its name, or undefined when it has no such key. */
    async revoke(accountId: number, id: number, at: Date) {
      const [row] = await db
        .update(apiKey)
        .set({ revokedAt: at })
        .where(and(eq(apiKey.id, id), eq(apiKey.accountId, accountId), isNull(apiKey.revokedAt)))
        .returning({ name: apiKey.name, keyHash: apiKey.keyHash });
      return row;
    },

    /** Tells every process that a key ended (its cached caller goes), once the revocation commits. */
    announceRevoked: (keyHash: Buffer) => announceRevocation(db, revocationOfToken(keyHash)),

    /** A key with its account, as a session holds it (the account's effective permission group, as sessions read it). */
    async findWithAccount(keyHash: Buffer) {
      const [row] = await db
        .select({
          keyId: apiKey.id,
          revokedAt: apiKey.revokedAt,
          lastUsedAt: apiKey.lastUsedAt,
          accountId: account.id,
          access: account.access,
          disabledAt: account.disabledAt,
          organisationPath: organisation.path,
          permissionGroupId: permissionGroup.id,
          groupPermissions: permissionGroup.permissions,
        })
        .from(apiKey)
        .innerJoin(account, eq(account.id, apiKey.accountId))
        .innerJoin(organisation, eq(organisation.id, account.organisationId))
        .leftJoin(permissionGroup, eq(permissionGroup.id, sql`account_permission_group(${account.id})`))
        .where(eq(apiKey.keyHash, keyHash));
      return row;
    },

    async markUsed(keyId: number, at: Date) {
      await db.update(apiKey).set({ lastUsedAt: at }).where(eq(apiKey.id, keyId));
    },

    /** Takes one call (see TAKE_CALL): the quota and the calls counted today, or undefined when refused. */
    async takeCall(accountId: number, clock: UsageClock, perSecond: number) {
      const [row] = await runPrepared<{ daily_quota: number; day_calls: number }>(db, TAKE_CALL, [
        accountId,
        clock.day,
        clock.second,
        perSecond,
      ]);
      return row && { callsPerDay: Number(row.daily_quota), callsToday: Number(row.day_calls) };
    },

    /** The account's quota and its calls today (defaults for an account that never called). */
    async usage(accountId: number, day: string) {
      const [row] = await db
        .select({ callsPerDay: apiUsage.dailyQuota, callsToday: callsOn(day), second: apiUsage.second, secondCalls: apiUsage.secondCalls })
        .from(apiUsage)
        .where(eq(apiUsage.accountId, accountId));
      return row;
    },

    /** Sets the account's quota, keeping its counters; the quota before (undefined: the default). */
    async setQuota(accountId: number, callsPerDay: number, day: string) {
      const [before] = await db
        .select({ quota: apiUsage.dailyQuota })
        .from(apiUsage)
        .where(eq(apiUsage.accountId, accountId))
        .for('update');
      await db
        .insert(apiUsage)
        .values({ accountId, dailyQuota: callsPerDay, day })
        .onConflictDoUpdate({ target: apiUsage.accountId, set: { dailyQuota: callsPerDay } });
      return before?.quota;
    },

    async accountExists(accountId: number) {
      return (await db.$count(account, eq(account.id, accountId))) > 0;
    },

    /** Accounts that hold live keys or a quota row, with their quota and usage today. */
    async quotaList(filters: ApiQuotaListBody, day: string) {
      const keys = db
        .select({ accountId: apiKey.accountId, keys: count().as('keys') })
        .from(apiKey)
        .where(isNull(apiKey.revokedAt))
        .groupBy(apiKey.accountId)
        .as('keys');
      const where = and(
        sql`(${keys.accountId} is not null or ${apiUsage.accountId} is not null)`,
        filters.username ? startsWith(account.username, filters.username) : undefined,
      );
      const base = () =>
        db
          .select({
            accountId: account.id,
            username: account.username,
            access: account.access,
            keys: sql<number>`coalesce(${keys.keys}, 0)`.mapWith(Number),
            callsPerDay: quotaOf,
            callsToday: sql<number>`coalesce(${callsOn(day)}, 0)`.mapWith(Number),
          })
          .from(account)
          .leftJoin(keys, eq(keys.accountId, account.id))
          .leftJoin(apiUsage, eq(apiUsage.accountId, account.id))
          .where(where);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(base().as('listed'));
      const rows = await base().orderBy(account.username).limit(filters.pageSize).offset(offsetOf(filters));
      return { total, rows };
    },
  };
}
export type ApiKeyRepo = ReturnType<typeof createApiKeyRepo>;
