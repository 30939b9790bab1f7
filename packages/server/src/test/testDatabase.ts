import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase, openPglite } from '../db/client.ts';
import { embeddedTemplate, startFromTemplate } from '../db/embeddedTemplate.ts';
import { migrate } from '../db/migrate.ts';

/**
 * A test run's migrated database on DATABASE_URL's server, for every test process of the run (the workers inherit
 * the environment of Vitest's main process, where `prepareTestDatabaseTemplate` sets it). On PGlite every process
 * copies the embedded database's template (embeddedTemplate.ts).
 */
const POSTGRES_TEMPLATE = 'SUNSTACK_TEST_POSTGRES_TEMPLATE';

export type TestDatabase = Database & {
  /** PostgreSQL only: the URL of this database, for a connection of one's own (COPY, a child process). */
  url?: string;
  dispose(): Promise<void>;
};

/** `url` with its database name replaced (user, host, options kept). */
function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs one statement on DATABASE_URL's own database (CREATE and DROP DATABASE cannot run in the database itself). */
async function onServer(url: string, statement: string): Promise<void> {
  const server = await openDatabase({ url });
  try {
    await server.execute(statement);
  } finally {
    await server.close();
  }
}

/**
 * Migrates one database for the whole test run (Vitest's globalSetup), with the real migrator: a
 * migration that fails fails the run. Every test file then starts from a copy of it instead of
 * initdb in WebAssembly and the migrations (~6 s) on PGlite (`copyOfPgliteTemplate`), and in
 * ~0.1 s instead of ~0.9 s on PostgreSQL. Answers the teardown, which removes the PostgreSQL one;
 * PGlite's is kept between runs until PGlite or a migration changes.
 */
export async function prepareTestDatabaseTemplate(): Promise<() => Promise<void>> {
  // Both projects that open databases (server, e2e) may run in one Vitest run: one template serves them.
  if (process.env[POSTGRES_TEMPLATE]) return async () => {};
  const url = process.env.DATABASE_URL;
  if (!url) {
    // Made here, before the test processes start, so they do not all make it at once.
    await embeddedTemplate();
    return async () => {};
  }
  // Unique per run, so runs sharing a server never meet; nothing but this run ever opens it.
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await onServer(url, `CREATE DATABASE ${name}`);
  try {
    const template = await openDatabase({ url: databaseUrl(url, name) });
    try {
      await migrate(template);
    } finally {
      await template.close();
    }
  } catch (error) {
    await onServer(url, `DROP DATABASE ${name} WITH (FORCE)`);
    throw error;
  }
  process.env[POSTGRES_TEMPLATE] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE];
    await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

/**
 * A fresh, migrated database for one test file: a PGlite in a folder of its own, or a new database on the
 * PostgreSQL server of DATABASE_URL (dropped again by `dispose`). A copy of a template; on PostgreSQL without
 * the run's (a bench, a script) migrated here.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const folder = await copyOfPgliteTemplate();
    const removeFolder = () => rm(folder, { recursive: true, force: true });
    try {
      const database = await openPglite({ dataDir: folder });
      return { ...database, dispose: () => database.close().finally(removeFolder) };
    } catch (error) {
      await removeFolder();
      throw error;
    }
  }
  // A database of its own (not a schema): LISTEN/NOTIFY channels and advisory locks are per database.
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = process.env[POSTGRES_TEMPLATE];
  await onServer(url, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const ownUrl = databaseUrl(url, name);
  const database = await openDatabase({ url: ownUrl });
  const dispose = async () => {
    await database.close();
    await onServer(url, `DROP DATABASE ${name} WITH (FORCE)`);
  };
  if (!template) {
    try {
      await migrate(database);
    } catch (error) {
      await dispose();
      throw error;
    }
  }
  return { ...database, url: ownUrl, dispose };
}

/**
 * A new folder holding a copy of the embedded database's template, for a PGlite of its own. Copied on disk and
 * opened in place, PGlite starts in 0.6-0.7 s (0.7-0.8 s of CPU); from a dump of the same folder unpacked into its
 * memory file system it took 1.4-2.4 s (1.9-3.1 s of CPU), and queries run as fast on either (ARCHITECTURE.md,
 * "The suite's speed").
 */
export async function copyOfPgliteTemplate(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'sunstack-test-'));
  await startFromTemplate(folder);
  return folder;
}
