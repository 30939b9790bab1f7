import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { selectRows } from '../db/rawSql.ts';
import { attempt } from '../db/schema.ts';

/** At most `max` attempts counted under `key` within `windowMs`. */
export interface AttemptLimit {
  key: string;
  max: number;
  windowMs: number;
}

/** An attempt that was let through; giving it back (it succeeded) uncounts it. */
export interface Attempt {
  giveBack(): Promise<void>;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Limits on attempts at something a stranger may guess (passwords, datalogger check codes). An
 * attempt is counted before it is judged and in the same step as the check (SQL take_attempt,
 * migration 0018), so concurrent tries never slip past the count: a burst gets exactly the allowed
 * number. Only failures stay counted: a caller gives back an attempt that succeeded.
 */
export function createAttemptLimiter(db: Db, now: () => number) {
  return {
    /** One attempt under every limit, or undefined (and nothing counted) when one of them is used up. */
    async take(limits: readonly AttemptLimit[]): Promise<Attempt | undefined> {
      if (limits.some((limit) => limit.windowMs > DAY_MS)) throw new Error('attempt windows end within a day (take_attempt)');
      const keys = limits.map((limit) => limit.key);
      const maxima = limits.map((limit) => limit.max);
      const windows = limits.map((limit) => `${limit.windowMs} milliseconds`);
      const [row] = await selectRows<{ ids: (string | number)[] | null }>(
        db,
        sql`select take_attempt(${sql.param(keys)}::text[], ${sql.param(maxima)}::integer[], ${sql.param(windows)}::interval[],
          ${new Date(now()).toISOString()}::timestamptz) as ids`,
      );
      const ids = row?.ids;
      if (!ids) return undefined;
      return {
        async giveBack() {
          await db.execute(sql`delete from ${attempt} where ${attempt.id} = any(${sql.param(ids.map(Number))}::bigint[])`);
        },
      };
    },
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

/**
 * Guessing a password: per account and address, so that a stranger cannot lock the owner out for
 * long; per address, across accounts; and a ceiling per account over an hour, across addresses.
 * `subject` is the account (user name and email count as one), or what was typed when it names none.
 */
export function passwordGuessLimits(subject: string, ip: string): AttemptLimit[] {
  return [
    { key: `password:${subject}:${ip}`, max: 5, windowMs: 15 * MINUTE_MS },
    { key: `password-address:${ip}`, max: 20, windowMs: 15 * MINUTE_MS },
    { key: `password:${subject}`, max: 30, windowMs: 60 * MINUTE_MS },
  ];
}

/**
 * Naming another account (a plant's owner, a share, an integrator to authorise): only misses stay
 * counted, so the names that exist cannot be read off the answers in bulk.
 */
export function nameLookupLimits(accountId: number, ip: string): AttemptLimit[] {
  return [
    { key: `name-lookup:${accountId}`, max: 10, windowMs: 60 * MINUTE_MS },
    { key: `name-lookup-address:${ip}`, max: 30, windowMs: 60 * MINUTE_MS },
  ];
}
