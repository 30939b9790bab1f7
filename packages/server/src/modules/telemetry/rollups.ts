import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PreparedStatement, runPrepared, selectRows } from '../../db/rawSql.ts';

/**
 * The rollup job: folds what the ingest stored (its `rollup_dirty` marks) into the rollups, by
 * recomputing every bucket a new sample touches from the raw rows, in SQL. Recomputing instead of
 * correcting makes a round idempotent: late, duplicate or out-of-order samples, counter resets and
 * gaps all come out exact, and a round that fails leaves its marks for the next one.
 *
 * Per device: 5-minute buckets from raw samples (energy from consecutive pairs, sums and counts of
 * every variable), local hours from 5-minute rows, local days from hours, months from days, years
 * from months. Per plant: 5-minute buckets from its devices' rows, then the same chain (energy only).
 * A round is one call of the database function `rollup_round` (migration 0017, where the statements
 * are): one round trip, not a dozen, and each statement planned once per connection.
 */

/** New samples folded per round (at least one mark): enough to amortise the statements, few enough to keep a round short. */
const SAMPLES_PER_ROUND = 50_000;
/** Marks looked at per round: bounds the claim itself when many devices each sent a little. */
const MARKS_PER_ROUND = 10_000;

const ROUND: PreparedStatement = { name: 'rollup_round', text: 'select rollup_round($1, $2) as round' };

export function createRollupJob(db: Db) {
  /**
   * One round: claims marks and recomputes what they touch, in one transaction (a failed round
   * leaves its marks); one round runs at a time across processes. Answers whether more marks wait,
   * and the plants whose rollups changed.
   */
  async function round(): Promise<{ more: boolean; plantIds: number[] }> {
    const [row] = await runPrepared<{ round: { more: boolean; plants: number[] } }>(db, ROUND, [SAMPLES_PER_ROUND, MARKS_PER_ROUND]);
    return { more: row?.round.more === true, plantIds: (row?.round.plants ?? []).map(Number) };
  }

  const hasMarks = async () =>
    (await selectRows<{ waiting: boolean }>(db, sql`select exists (select 1 from rollup_dirty) as waiting`))[0]?.waiting === true;

  return {
    round,
    /** Folds everything stored so far (tests). */
    async settle() {
      while (await hasMarks()) await round();
    },
  };
}
export type RollupJob = ReturnType<typeof createRollupJob>;
