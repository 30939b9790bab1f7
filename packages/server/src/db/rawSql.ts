import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Rows of a hand-written statement; both drivers answer `{ rows }`, which the generic type does not say. */
export async function selectRows<T extends Record<string, unknown>>(db: Pick<Db, 'execute'>, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/**
 * A value passed as one jsonb parameter: batches travel as `jsonb_to_recordset(${jsonParam(rows)})`,
 * which both PGlite and node-postgres send the same way, whatever the number of rows.
 */
export const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** A timestamptz column as UTC milliseconds. */
export const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);
