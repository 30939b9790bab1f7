import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { type App, buildApp } from '@sunstack/server/src/app.ts';
import { loadConfig } from '@sunstack/server/src/config.ts';
import type { Db } from '@sunstack/server/src/db/client.ts';
import { selectRows } from '@sunstack/server/src/db/rawSql.ts';
import { createAccountRepo } from '@sunstack/server/src/modules/account/repo.ts';
import { hashPassword } from '@sunstack/server/src/modules/session/password.ts';
import { openTestDatabase, signedHeaders } from '@sunstack/server/src/test/harness.ts';
import { Access } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
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

const DECODERS: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };

/**
 * A call as the browser sends it (signed headers, compression accepted), through node:http on one
 * kept-alive socket (or, with `agent` false, a connection of its own): the client shares the app's process and event loop, and fetch's own work per
 * call (about a millisecond and its garbage, which outlived V8's young-generation collections)
 * showed in the measured latency of the server.
 */
export function signedCall(agent: http.Agent | false, port: number, path: string, body: unknown, token: string) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ errno: number; result: Record<string, unknown> }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          ...signedHeaders(path.split('?', 1)[0] as string, token, 'en'),
          'accept-encoding': 'gzip, deflate, br',
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            const raw = Buffer.concat(chunks);
            const decode = DECODERS[String(response.headers['content-encoding'])];
            resolve(JSON.parse((decode ? decode(raw) : raw).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * The real application as main.ts starts it (the API and the jobs: mail sender, rollups, retention), but
 * on a fresh database from the test harness (in-memory PGlite, or a new database on DATABASE_URL's server,
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
  const agent = new http.Agent({ keepAlive: true });
  const [row] = await database.scriptTransaction((run) => run('select version() as version'));
  const version = String(row?.version ?? 'unknown version').split(',')[0];
  const engine =
    database.kind === 'pglite'
      ? `PGlite, embedded, in memory (${version})`
      : `PostgreSQL server from DATABASE_URL, fresh database (${version})`;
  return {
    app,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    engine,
    call: (path, body, token = '') => signedCall(agent, port, path, body, token),
    async close() {
      stop.abort();
      await jobs;
      agent.destroy();
      await app.http.close();
      await database.dispose();
    },
  };
}

/** Resolves when the app's rollup job has taken in everything stored (no marks left). */
export async function waitForRollups(db: Db) {
  for (;;) {
    const [row] = await selectRows<{ waiting: boolean }>(db, sql`select exists (select 1 from rollup_dirty) as waiting`);
    if (!row?.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Closes every pending hour and 5-minute bucket and builds every queued hour (rollup_close_hours without its limits):
 * the rollup job does this once they have ended and rested, so a benchmark whose samples fall in open hours counts this work among their
 * rollups' cost.
 */
export async function closePendingHours(db: Db) {
  await db.execute(sql`select rollup_close_hours('infinity', 'infinity', 1000000000)`);
}

export const HOUR_MS = 3_600_000;

/** The start of the first whole hour after now (epoch ms). */
export const nextHour = () => Math.ceil(Date.now() / HOUR_MS) * HOUR_MS;

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

/** The password of the accounts benchmarks create. */
export const BENCH_PASSWORD = 'bench-pass';

/** An account of the manufacturer (or of `organisationId`) with BENCH_PASSWORD. */
export async function createBenchAccount(database: RunningApp['database'], username: string, access: number, organisationId?: number) {
  const accounts = createAccountRepo(database.db);
  return accounts.insert({
    organisationId: organisationId ?? (await accounts.rootOrganisationId()),
    username,
    email: `${username}@bench.test`,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    access,
    clientId: username,
  });
}

/** An administrator at the root of the organisation (sees every plant). */
export const createBenchAdmin = (database: RunningApp['database'], username: string) =>
  createBenchAccount(database, username, Access.admin);

/** A bench account, signed in: its id and token. */
export async function signedInAccount(server: RunningApp, username: string, access: number, organisationId?: number) {
  const { id } = await createBenchAccount(server.database, username, access, organisationId);
  const token = String((await server.call('/c/v0/user/login', { user: username, password: BENCH_PASSWORD })).result.token);
  return { id, token };
}
