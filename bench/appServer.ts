import type { AddressInfo } from 'node:net';
import { type App, buildApp } from '@sunstack/server/src/app.ts';
import { loadConfig } from '@sunstack/server/src/config.ts';
import { openTestDatabase } from '@sunstack/server/src/test/harness.ts';

export interface RunningApp {
  app: App;
  database: Awaited<ReturnType<typeof openTestDatabase>>;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Which engine and version, e.g. "PGlite (embedded, in memory) — PostgreSQL 17.x". */
  engine: string;
  close(): Promise<void>;
}

/**
 * The real application as main.ts starts it (both roles: the API and the mail sender loop), but on a
 * fresh database from the test harness (in-memory PGlite, or a new schema on DATABASE_URL) and on a
 * free port of 127.0.0.1.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const database = await openTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '0', ...env });
  const app = await buildApp({ config, database });
  const stop = new AbortController();
  const sender = config.roles.includes('jobs') ? app.mail.runSender(stop.signal) : Promise.resolve();
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
    async close() {
      stop.abort();
      await sender;
      await app.http.close();
      await database.dispose();
    },
  };
}
