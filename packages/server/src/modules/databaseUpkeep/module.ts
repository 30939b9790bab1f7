import { sql } from 'drizzle-orm';
import { createJobLoop } from '../../core/jobLoop.ts';
import type { ModuleParts, Platform } from '../../core/module.ts';
import { inBackground } from '../../db/priority.ts';
import { selectRows } from '../../db/rawSql.ts';

/** How often the embedded database's tables are looked at. */
const UPKEEP_EVERY_MS = 10 * 60_000;

/**
 * Vacuums the embedded database, which nothing else would: PGlite runs PostgreSQL as a single backend,
 * without autovacuum. Tables that churn would keep every dead row: rollup_dirty one per stored batch,
 * which each rollup round scans, and rollup_interval's heap doubled in 4,000 rounds (issue 17). A table
 * past autovacuum's default threshold (more than 50 plus a fifth of its live rows dead) is vacuumed in
 * a call of its own, as background work, so HTTP calls and PUBACKs go between them: after the demo's
 * first start the largest, rollup_interval, took 95 ms. PostgreSQL runs autovacuum: no job there.
 */
export function databaseUpkeepModule({ db, database, platformLog }: Platform) {
  const embedded = database.kind === 'pglite';
  /** Vacuums the tables due; answers their names (schema-qualified). */
  const vacuumDue = async () => {
    if (!embedded) return [];
    const due = await selectRows<{ name: string }>(
      db,
      sql`select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables
        where n_dead_tup > 50 + 0.2 * n_live_tup order by n_dead_tup desc`,
    );
    for (const { name } of due) await inBackground(() => database.execute(`vacuum ${name}`));
    return due.map((table) => table.name);
  };
  const upkeep = createJobLoop(
    async () => {
      await vacuumDue();
      return false;
    },
    { idleMs: UPKEEP_EVERY_MS, onError: platformLog.jobFailed('database upkeep failed') },
  );
  return { vacuumDue, jobs: embedded ? [upkeep.run] : [] } satisfies ModuleParts & Record<string, unknown>;
}
