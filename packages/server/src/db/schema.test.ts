import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.ts';
import type { Database } from './client.ts';
import * as schema from './schema.ts';

let database: Database & { dispose(): Promise<void> };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe('schema.ts mirrors the migrations', () => {
  it('names every column of every migrated table, with the same nullability', async () => {
    const tables: PgTable[] = Object.values(schema).filter((value) => is(value, PgTable));
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const config = getTableConfig(table);
      // Both drivers answer { rows }; the generic database type does not say so.
      const rows = (await database.db.execute(
        sql`select column_name, is_nullable from information_schema.columns where table_name = ${config.name} and table_schema = current_schema()`,
      )) as unknown as { rows: { column_name: string; is_nullable: string }[] };
      const migrated = new Map(rows.rows.map((row) => [row.column_name, row.is_nullable === 'NO']));
      const declared = new Map(config.columns.map((column) => [column.name, column.notNull]));
      expect(migrated, config.name).toEqual(declared);
    }
  });
});
