import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase, openPglite } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

/**
 * Where a test run's migrated template is, for every test process of the run (the workers inherit
 * the environment of Vitest's main process, where `prepareTestDatabaseTemplate` sets these).
 */
const PGLITE_TEMPLATE = 'SUNSTACK_TEST_PGLITE_TEMPLATE'; // a dump of a migrated PGlite data folder
const POSTGRES_TEMPLATE = 'SUNSTACK_TEST_POSTGRES_TEMPLATE'; // a migrated database on DATABASE_URL's server

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
 * migration that fails fails the run. Every test file then starts from a copy of it, which takes
 * ~1 s on PGlite instead of ~7 s (initdb in WebAssembly, then the migrations) and ~0.1 s on
 * PostgreSQL instead of ~0.9 s. Answers the teardown, which removes the template.
 */
export async function prepareTestDatabaseTemplate(): Promise<() => Promise<void>> {
  // Both projects that open databases (server, e2e) may run in one Vitest run: one template serves them.
  if (process.env[PGLITE_TEMPLATE] || process.env[POSTGRES_TEMPLATE]) return async () => {};
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite({});
    let dump: Blob;
    try {
      await migrate(database);
      dump = await database.dumpDataDir();
    } finally {
      await database.close();
    }
    const folder = await mkdtemp(join(tmpdir(), 'sunstack-test-template-'));
    const file = join(folder, 'pglite.tar');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE] = file;
    return async () => {
      delete process.env[PGLITE_TEMPLATE];
      await rm(folder, { recursive: true, force: true });
    };
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
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new database on the
 * PostgreSQL server of DATABASE_URL (dropped again by `dispose`). A copy of the run's template
 * when there is one; otherwise (a bench, a script) migrated here.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dumpFile = process.env[PGLITE_TEMPLATE];
    const database = await openPglite(dumpFile ? { dump: await openAsBlob(dumpFile) } : {});
    if (!dumpFile) await migrate(database);
    return { ...database, dispose: () => database.close() };
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
