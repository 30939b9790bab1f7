import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type App, buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import type { Database } from '../../packages/server/src/db/client.ts';
import { seedDemo } from '../../packages/server/src/seed/demo.ts';
import { openTestDatabase } from '../../packages/server/src/test/harness.ts';
import { type MailCapture, startMailCapture } from '../../packages/server/src/test/mailCapture.ts';

export interface E2EServer {
  /** Where the app listens, e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  /** The SMTP capture every mail of the app goes to. */
  mail: MailCapture;
  /** The app itself, for tests that feed it device messages (its ingest) as a broker would. */
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** Files of the build that another file of it names (index.html: /assets/x.js; chunks: "./x.js", "assets/x.js"). */
async function missingFiles(dist: string): Promise<string[]> {
  const assets = new Set(await readdir(join(dist, 'assets')));
  const texts = [await readFile(join(dist, 'index.html'), 'utf8')];
  for (const name of assets) if (/\.(js|css)$/.test(name)) texts.push(await readFile(join(dist, 'assets', name), 'utf8'));
  const named = texts.flatMap((text) => [...text.matchAll(/(?:assets\/|\.\/)([\w.-]+\.(?:js|css))\b/g)].map((m) => m[1] as string));
  return [...new Set(named)].filter((name) => !assets.has(name));
}

/**
 * A private, complete copy of the built web app. The server must not serve packages/web/dist
 * itself: a build started meanwhile (another terminal, `npm run test:e2e` elsewhere) empties and
 * rewrites it, and the chunks a page asks for would be gone halfway through a test.
 */
async function snapshotWebDist(source: string): Promise<string> {
  const indexHtml = join(source, 'index.html');
  const deadline = Date.now() + 30_000;
  let missingSince: number | undefined;
  for (;;) {
    if (existsSync(indexHtml)) {
      missingSince = undefined;
      const copy = await mkdtemp(join(tmpdir(), 'sunstack-e2e-web-'));
      try {
        await cp(source, copy, { recursive: true });
        if ((await missingFiles(copy)).length === 0) return copy;
      } catch {
        // A build was rewriting the folder while it was copied: try again.
      }
      await rm(copy, { recursive: true, force: true });
    } else {
      missingSince ??= Date.now();
      // Gone for a few seconds is not a build in progress: there is no build.
      if (Date.now() - missingSince > 5_000) {
        throw new Error(
          `The web app is not built (${indexHtml} is missing): run npm run build -w @sunstack/web (npm run test:e2e does it).`,
        );
      }
    }
    if (Date.now() > deadline) throw new Error(`${source} kept changing for 30 s (a build in a loop?); no consistent copy to serve.`);
    await sleep(250);
  }
}

/**
 * The real app for one test file, in this process: a fresh database (a PGlite of its own, or a new
 * database on DATABASE_URL's server) with the demo accounts, a real SMTP capture, the built web app, and
 * the mail sender running. Listens on a free loopback port.
 */
export async function startServer(): Promise<E2EServer> {
  const cleanup: (() => Promise<unknown>)[] = [];
  /** Undoes what was started, last first (sender, HTTP, mail, database, web copy); every step runs even if one fails. */
  const undo = async () => {
    const errors: unknown[] = [];
    for (const step of cleanup.splice(0).reverse()) await step().catch((error: unknown) => errors.push(error));
    if (errors.length > 0) throw new AggregateError(errors, 'closing the e2e server failed');
  };
  try {
    const webDist = await snapshotWebDist(loadConfig({}).webDist);
    cleanup.push(() => rm(webDist, { recursive: true, force: true }));
    const database = await openTestDatabase();
    cleanup.push(() => database.dispose());
    await seedDemo(database);
    const mail = await startMailCapture();
    cleanup.push(() => mail.close());
    // A port known before the app is built: devices download firmware from PUBLIC_URL.
    const port = await freePort();
    const config = loadConfig({
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: webDist,
    });
    const app = await buildApp({ config, database });
    cleanup.push(() => app.http.close());
    // The jobs role, as main.ts runs it.
    const stopJobs = new AbortController();
    const jobs = app.runJobs(stopJobs.signal);
    cleanup.push(() => {
      stopJobs.abort();
      return jobs;
    });
    const address = await app.http.listen({ port, host: '127.0.0.1' });
    return { baseUrl: address.replace(/\/$/, ''), mail, app, database, close: undo };
  } catch (error) {
    await undo().catch(() => {});
    throw error;
  }
}

/** A loopback port free at this moment. */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
  });
}
