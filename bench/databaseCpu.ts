import { readFileSync } from 'node:fs';
import type { Db } from '@sunstack/server/src/db/client.ts';
import { selectRows } from '@sunstack/server/src/db/rawSql.ts';
import { sql } from 'drizzle-orm';

/** The name this run's PostgreSQL connections carry, so their server processes can be told apart. */
export const BENCH_APPLICATION = 'sunstack-bench';

/** DATABASE_URL with the bench's application name, for an app whose database work is to be measured. */
export function benchDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', BENCH_APPLICATION);
  return parsed.toString();
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
 * opens and closes connections meanwhile. Only for a server on this machine; on PGlite the
 * database works inside the app's own process, whose CPU figures hold it already.
 */
export function databaseCpuMeter(db: Db, engine: 'pglite' | 'postgres') {
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
