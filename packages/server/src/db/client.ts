import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PgliteThread } from './pgliteThread.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One database handle whichever engine is behind it: embedded PGlite or a PostgreSQL server. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs SQL text that may hold several statements (migrations, schema set-up). */
  execute(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction on one connection; `run` takes SQL text that may hold several
   * statements and answers the rows of the last one. Only the migrator needs this.
   */
  scriptTransaction<T>(work: (run: ScriptRunner) => Promise<T>): Promise<T>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel`, from any process on the same
   * database (PostgreSQL) or this one (PGlite). Answers a function that stops listening.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type ScriptRunner = (sql: string) => Promise<Record<string, unknown>[]>;

type QueryResultLike = { rows: Record<string, unknown>[] };
const lastRows = (result: QueryResultLike | QueryResultLike[]) => (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows);

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  url?: string;
  /** Folder of the PGlite data; without it PGlite keeps everything in memory. */
  dataDir?: string;
  /** PostgreSQL schema to work in (a test that starts the server as a child process uses a fresh one). */
  schema?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // No JIT compiling: the app's statements are short, and the planner prices some of them (a lateral subquery
      // per row: the plant status, pending rollup rows) high enough that compiling one took most of a second.
      options: `-c jit=off${options.schema ? ` -c search_path=${options.schema}` : ''}`,
    });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => {});
    const listener = sharedListener(() => pool.connect());
    return {
      kind: 'postgres',
      db: drizzleNodePg(pool, { schema }) as unknown as Db,
      execute: async (sql) => {
        await pool.query(sql);
      },
      scriptTransaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await work(async (text) => lastRows((await client.query(text)) as unknown as QueryResultLike));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        } finally {
          client.release();
        }
      },
      listen: (channel, handler) => listener.listen(channel, handler),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  return openPglite(options);
}

/**
/** The embedded database's own folder within a data folder (`DATA_DIR`). */
export const PGLITE_FOLDER = 'pglite';

/** The embedded database, in a worker thread of its own (`pgliteThread.ts`), in `dataDir`'s PGLITE_FOLDER (or in memory). */
export async function openPglite(options: { dataDir?: string }): Promise<Database> {
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, PGLITE_FOLDER);
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PgliteThread.open({ dataDir });
  return {
    kind: 'pglite',
    // Drizzle's PGlite driver calls `query` (with `rowMode` and `parsers`) and `transaction`, which the thread's client answers.
    db: drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db,
    execute: async (sql) => {
      await client.exec(sql);
    },
    scriptTransaction: (work) => client.transaction((tx) => work(async (text) => lastRows(await tx.exec(text)))),
    listen: async (channel, handler) => {
      const stop = await client.listen(channel, handler);
      return () => stop();
    },
    close: () => client.close(),
  };
}

/** The constraint a unique violation (SQLSTATE 23505) broke, whichever driver raised it; undefined otherwise. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
}

/**
 * Every LISTEN of a database on one connection, taken from the pool once and held: a connection per
 * channel and per app kept that many out of the pool for good (three apps over one test database
 * left none for a call). Each channel is LISTENed once, with any number of handlers.
 */
function sharedListener(connect: () => Promise<pg.PoolClient>) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: Promise<pg.PoolClient> | undefined;
  const connection = () => {
    client ??= connect().then((connected) => {
      connected.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      return connected;
    });
    return client;
  };
  return {
    async listen(channel: string, handler: (payload: string) => void) {
      const connected = await connection();
      let channelHandlers = handlers.get(channel);
      if (!channelHandlers) {
        channelHandlers = new Set();
        handlers.set(channel, channelHandlers);
        await connected.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      channelHandlers.add(handler);
      const own = channelHandlers;
      return async () => {
        own.delete(handler);
        if (own.size > 0 || handlers.get(channel) !== own) return;
        handlers.delete(channel);
        // A connection already gone has no LISTEN left to end; no handler hears the channel any more either way.
        await connected.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      };
    },
    async close() {
      // A listener that never connected has nothing to release (its error reached the first LISTEN).
      const connected = await client?.catch(() => undefined);
      connected?.release();
    },
  };
}
