import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/rawSql.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const deadRows = async (table: string) =>
  (
    await selectRows<{ dead: number }>(
      t.database.db,
      sql`select n_dead_tup::int as dead from pg_stat_user_tables where relname = ${table} and schemaname = current_schema()`,
    )
  )[0]?.dead;

describe('embedded database upkeep (issue 17)', () => {
  it('vacuums the tables whose dead rows passed the threshold on PGlite, and leaves PostgreSQL to its autovacuum', async () => {
    const branch = await t.createBranch('distributor', 'VACUUMED');
    // 200 versions of one row: far past 50 dead plus a fifth of the few live ones.
    for (let i = 0; i < 200; i += 1)
      await t.database.db.execute(sql`update organisation set name = ${`Vacuumed ${i}`} where id = ${branch}`);
    if (t.database.kind === 'postgres') {
      expect(await t.app.vacuumDue()).toEqual([]);
      return;
    }
    // The statistics count them once the backend reports (at most every second), less those page pruning removed.
    let vacuumed: string[] = [];
    await expect
      .poll(
        async () => {
          vacuumed = [...vacuumed, ...(await t.app.vacuumDue())];
          return vacuumed.map((name) => name.split('.').pop());
        },
        { timeout: 10_000, interval: 200 },
      )
      .toContain('organisation');
    expect(await deadRows('organisation')).toBe(0);
    // Nothing is due any more.
    expect(await t.app.vacuumDue()).toEqual([]);
  });
});
