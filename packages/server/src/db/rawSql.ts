import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';
import type { PgliteThread } from './pgliteThread.ts';

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

/** A statement run often enough to be prepared once: `$1`, `$2`… parameters, a name unique in the app. */
export interface PreparedStatement {
  name: string;
  text: string;
}

/**
 * Rows of a hot statement, without building it per call: node-postgres prepares it by name once per
 * connection (the server neither parses nor plans it again), PGlite (in its thread) runs the text with its parameters.
 */
export async function runPrepared<T extends Record<string, unknown>>(
  db: Db,
  statement: PreparedStatement,
  values: unknown[],
): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PgliteThread }).$client;
  if (client instanceof pg.Pool) return (await client.query<T>({ name: statement.name, text: statement.text, values })).rows;
  return (await client.query<T>(statement.text, values)).rows;
}
