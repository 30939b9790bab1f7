import { readFileSync } from 'node:fs';
import { type Db, openDatabase } from '@sunstack/server/src/db/client.ts';
import { selectRows } from '@sunstack/server/src/db/rawSql.ts';
import type { TestDatabase } from '@sunstack/server/src/test/harness.ts';
import { sql } from 'drizzle-orm';

/** The name this run's PostgreSQL connections carry, so their server processes can be told apart. */
export const BENCH_APPLICATION = 'sunstack-bench';
/** The name of the bench's own connections (its meters, samplers and waits), whose server processes are not counted. */
export const OBSERVER_APPLICATION = 'sunstack-bench-observer';

function withApplication(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

/** DATABASE_URL with the bench's application name, for an app whose database work is to be measured. */
export const benchDatabaseUrl = (url: string) => withApplication(url, BENCH_APPLICATION);
/** A database URL with the observer's application name: what the bench asks on it is not counted as the app's work. */
export const observerDatabaseUrl = (url: string) => withApplication(url, OBSERVER_APPLICATION);

/** Connections of the bench's own to the run's database (see `openObserver`). */
export interface Observer {
  db: Db;
  kind: TestDatabase['kind'];
  close(): Promise<void>;
}

/**
 * Connections of the bench's own to the run's database, for what the bench asks while it measures: the CPU meter's
 * polls and the waits for rows or rollups. On the app's connections their server processes were counted as the app's
 * work (a wait counting an hour's raw samples scans its month's partition: about 85 ms a poll on a slow machine). On
 * PGlite, whose work all runs in the process, the app's own database.
 */
export async function openObserver(database: TestDatabase): Promise<Observer> {
  if (database.kind !== 'postgres' || database.url === undefined) return { db: database.db, kind: database.kind, close: async () => {} };
  const observer = await openDatabase({ url: observerDatabaseUrl(database.url) });
  return { db: observer.db, kind: database.kind, close: () => observer.close() };
}

export const TICKS_PER_SECOND = 100;
const POLL_MS = 200;

/** CPU ticks (user + system) a process has used, from /proc; undefined when it is gone or elsewhere. */
export function ticksOf(pid: number): number | undefined {
  try {
    // Fields after the command name: utime and stime are fields 14 and 15 of stat(5).
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * Measures the CPU time of the PostgreSQL server processes serving this run's connections (those
 * with the bench's application name) between `start` and `stop`, in µs. Polls, because the pool
 * opens and closes connections meanwhile, on the observer's connection, which it does not count. Only for a
 * server on this machine; on PGlite the database works inside the app's own process, whose CPU figures hold it already.
 */
export function databaseCpuMeter({ db, kind: engine }: Observer) {
  const seen = new Map<number, { first: number; last: number }>();
  let timer: NodeJS.Timeout | undefined;
  const poll = async (initial: boolean) => {
    const backends = await selectRows<{ pid: number }>(
      db,
      sql`select pid from pg_stat_activity where application_name = ${BENCH_APPLICATION}`,
    );
    for (const { pid } of backends) {
      const ticks = ticksOf(pid);
      if (ticks === undefined) continue;
      const entry = seen.get(pid);
      // A backend that appears after the start did all its work within the measurement.
      if (entry) entry.last = ticks;
      else seen.set(pid, { first: initial ? ticks : 0, last: ticks });
    }
  };
  return {
    async start() {
      if (engine === 'pglite') return;
      await poll(true);
      timer = setInterval(() => void poll(false), POLL_MS);
    },
    /** Answers the µs used since `start`, or undefined on PGlite. */
    async stop(): Promise<number | undefined> {
      if (engine === 'pglite') return undefined;
      clearInterval(timer);
      await poll(false);
      let ticks = 0;
      for (const { first, last } of seen.values()) ticks += last - first;
      return (ticks / TICKS_PER_SECOND) * 1_000_000;
    },
    /** After `stop`: the µs each server process (by pid) used, for a split by what they ran. */
    perBackend(): Map<number, number> {
      return new Map([...seen].map(([pid, { first, last }]) => [pid, ((last - first) / TICKS_PER_SECOND) * 1_000_000]));
    },
  };
}
