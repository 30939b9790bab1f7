import type { AddressInfo } from 'node:net';
import { type App, buildApp } from '@sunstack/server/src/app.ts';
import { loadConfig } from '@sunstack/server/src/config.ts';
import { openTestDatabase, signedHeaders } from '@sunstack/server/src/test/harness.ts';
import { benchDatabaseUrl } from './databaseCpu.ts';

export interface RunningApp {
  app: App;
  database: Awaited<ReturnType<typeof openTestDatabase>>;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Which engine and version, e.g. "PGlite (embedded, in memory) — PostgreSQL 17.x". */
  engine: string;
  /** A signed call as the web client makes it (a GET when there is no body); answers the envelope. */
  call(path: string, body?: unknown, token?: string): Promise<{ errno: number; result: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * The real application as main.ts starts it (the API and the jobs: mail sender, rollups, retention), but
 * on a fresh database from the test harness (in-memory PGlite, or a new schema on DATABASE_URL,
 * whose connections carry the bench's application name) and on a free port of 127.0.0.1.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  if (process.env.DATABASE_URL) process.env.DATABASE_URL = benchDatabaseUrl(process.env.DATABASE_URL);
  const database = await openTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '0', ...env });
  const app = await buildApp({ config, database });
  const stop = new AbortController();
  const jobs = config.roles.includes('jobs') ? app.runJobs(stop.signal) : undefined;
  await app.http.listen({ port: config.port, host: '127.0.0.1' });
  const { port } = app.http.server.address() as AddressInfo;
  const [row] = await database.scriptTransaction((run) => run('select version() as version'));
  const version = String(row?.version ?? 'unknown version').split(',')[0];
  const engine =
    database.kind === 'pglite'
      ? `PGlite, embedded, in memory (${version})`
      : `PostgreSQL server from DATABASE_URL, fresh schema (${version})`;
  return {
    app,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    engine,
    async call(path, body, token = '') {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...signedHeaders(path.split('?', 1)[0] as string, token, 'en'),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as { errno: number; result: Record<string, unknown> };
    },
    async close() {
      stop.abort();
      await jobs;
      await app.http.close();
      await database.dispose();
    },
  };
}

/**
 * After a benchmark's data is written: fresh statistics and visibility map, as autovacuum would give a
 * long-running installation, and the written pages flushed at once. Left to the checkpointer, millions
 * of rows' pages were written out over minutes while the queries were timed (seen in PostgreSQL's log:
 * a WAL-triggered checkpoint spread over 270 s), which tripled one query's p95.
 */
export async function settleDatabase(database: RunningApp['database']) {
  await database.execute('VACUUM ANALYZE');
  await database.execute('CHECKPOINT');
}
