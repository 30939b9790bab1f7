import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { inBackground } from '../../db/priority.ts';
import { type PreparedStatement, runPrepared, selectRows } from '../../db/rawSql.ts';

/**
 * The rollup job: folds what the ingest stored (its `rollup_dirty` marks) into the rollups, in SQL.
 * A round adds what its new samples change and nothing else (migration 0067): each new sample is one
 * more sample with its variables in its 5-minute bucket and local hour, with the energy of its pair
 * with the sample before it; a sample stored earlier whose predecessor is now a new one (a late
 * sample came in between) gets its new pair's energy minus its old pair's. A bucket or hour that
 * already held samples keeps its variables as they were, marked pending, and is summed once it has
 * ended and rests (migrations 0071, 0073; readers sum it meanwhile: rollup_interval_now). An hour
 * still under way gets no row: it is queued, and built from its 5-minute rows once it has ended and
 * rests, its plant's hour as its devices' sum, its energy then added to the local day, month and year
 * (migration 0075; readers add the queued hours meanwhile: rollup_interval_now, rollup_calendar_now).
 * Changes to hours that had ended go to the hours, the plant's and the calendar in the round.
 * So late, duplicate or out-of-order samples, counter resets and gaps come out as the sorted series
 * says, at a cost per new sample that does not grow with the samples a bucket already holds. Each
 * raw row names the mark of its batch, so a round knows exactly which samples the rollups hold. A
 * round is one transaction, so a failed one leaves its marks; it is one call of the database
 * function `rollup_round`: one round trip, each statement planned once per connection.
 */

/**
 * New samples folded per round (at least one mark): enough to amortise the statements, few enough
 * to keep a round short. PGlite runs one call at a time in its thread (db/pgliteThread.ts), where a
 * round, background work, holds the next HTTP call's or PUBACK's statement until it ends (before the
 * thread it held the server's whole event loop): there a round of a history burst stays within a few
 * hundred ms (50,000 samples took 2-3 s and so did the worst wait of a call; 2,500 about 400 ms; 1,000 halved
 * the typical wait of a call during the demo's first start again, at the same total time). A round
 * takes at least one mark, which is a whole stored batch, so on PGlite the ingest's batch bound
 * (ingest/module.ts) bounds a round too.
 */
const SAMPLES_PER_ROUND: Record<Database['kind'], number> = { postgres: 50_000, pglite: 1_000 };
/** Marks (one per stored batch) looked at per round: bounds the claim itself when many batches each brought a little. */
const MARKS_PER_ROUND = 10_000;

const ROUND: PreparedStatement = { name: 'rollup_round', text: 'select rollup_round($1, $2) as round' };

export function createRollupJob(db: Db, engine: Database['kind']) {
  const samplesPerRound = SAMPLES_PER_ROUND[engine];
  /**
   * One round: claims marks and folds their samples in, in one transaction (a failed round
   * leaves its marks); one round runs at a time across processes. Answers whether more marks wait,
   * and the plants whose rollups changed.
   */
  async function round(): Promise<{ more: boolean; plantIds: number[] }> {
    // Background work for the embedded database: every other call goes first.
    const [row] = await inBackground(() =>
      runPrepared<{ round: { more: boolean; plants: number[] } }>(db, ROUND, [samplesPerRound, MARKS_PER_ROUND]),
    );
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
