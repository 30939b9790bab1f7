import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { type PreparedStatement, runPrepared, selectRows } from '../../db/rawSql.ts';

/**
 * The rollup job: folds what the ingest stored (its `rollup_dirty` marks) into the rollups, in SQL.
 * Every 5-minute bucket a new sample touches is recomputed from the raw rows (energy from
 * consecutive pairs, sums and counts of every variable), so late, duplicate or out-of-order samples,
 * counter resets and gaps come out as the sorted series says; what each recomputed row changed is
 * then added to the device's local hour, day, month and year and to its plant's, instead of
 * recomputing those from their parts (an hour merged the variables of its 12 rows for every new
 * sample). A round is one transaction, so a failed one leaves its marks. A round is one call of the
 * database function `rollup_round` (migration 0022, where the statements are): one round trip, each
 * statement planned once per connection.
 */

/**
 * New samples folded per round (at least one mark): enough to amortise the statements, few enough
 * to keep a round short. PGlite runs in the server's own thread, where a round holds every HTTP
 * call and PUBACK until it ends: there a round of a history burst stays within a few hundred ms
 * (50,000 samples took 2-3 s and so did the worst wait of a call; 2,500 about 400 ms; 1,000 halved
 * the typical wait of a call during the demo's first start again, at the same total time).
 */
const SAMPLES_PER_ROUND: Record<Database['kind'], number> = { postgres: 50_000, pglite: 1_000 };
/** Marks looked at per round: bounds the claim itself when many devices each sent a little. */
const MARKS_PER_ROUND = 10_000;
/**
 * Device hours whose variables a pass folds (migration 0027), once no marks wait: about a round's
 * work on each engine (an hour folds its twelve 5-minute rows).
 */
const HOURS_PER_FOLD: Record<Database['kind'], number> = { postgres: 5_000, pglite: 100 };

const ROUND: PreparedStatement = { name: 'rollup_round', text: 'select rollup_round($1, $2) as round' };
/** Folds the variables of hours that are over (their device reported in a later one), or of every hour with `$1`. */
const FOLD_HOURS: PreparedStatement = { name: 'rollup_hour_variables', text: 'select rollup_hour_variables($1, $2) as folded' };

export function createRollupJob(db: Db, engine: Database['kind']) {
  const samplesPerRound = SAMPLES_PER_ROUND[engine];
  const hoursPerFold = HOURS_PER_FOLD[engine];
  /**
   * One round: claims marks and recomputes what they touch, in one transaction (a failed round
   * leaves its marks); one round runs at a time across processes. Answers whether more marks wait,
   * and the plants whose rollups changed.
   */
  async function round(): Promise<{ more: boolean; plantIds: number[] }> {
    const [row] = await runPrepared<{ round: { more: boolean; plants: number[] } }>(db, ROUND, [samplesPerRound, MARKS_PER_ROUND]);
    return { more: row?.round.more === true, plantIds: (row?.round.plants ?? []).map(Number) };
  }

  /** Folds the variables of up to a pass's share of hours that are over (with `newest`, of any hour); answers whether more wait. */
  async function foldHours(newest: boolean): Promise<boolean> {
    const [row] = await runPrepared<{ folded: number }>(db, FOLD_HOURS, [newest, hoursPerFold]);
    return Number(row?.folded ?? 0) === hoursPerFold;
  }

  /** Whether marks wait, or hours whose variables are not folded (another process's round may hold the lock meanwhile). */
  const hasWork = async () =>
    (
      await selectRows<{ waiting: boolean }>(
        db,
        sql`select exists (select 1 from rollup_dirty) or exists (select 1 from rollup_interval where sums is null) as waiting`,
      )
    )[0]?.waiting === true;

  return {
    /**
     * One pass of the job: a round, and once no marks wait, a fold of hours that are over (new
     * samples first: the fold only feeds long history charts, which fold what they read themselves).
     */
    async pass(): Promise<{ more: boolean; plantIds: number[] }> {
      const rolled = await round();
      if (rolled.more) return rolled;
      return { more: await foldHours(false), plantIds: rolled.plantIds };
    },
    /** Folds everything stored so far, every hour's variables included (tests). */
    async settle() {
      while (await hasWork()) {
        await round();
        await foldHours(true);
      }
    },
  };
}
export type RollupJob = ReturnType<typeof createRollupJob>;
