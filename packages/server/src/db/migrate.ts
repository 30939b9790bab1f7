import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any constant: it only keeps two processes from migrating at once. */
const MIGRATION_LOCK_KEY = 7_211_001;

/** Applies the committed SQL migrations in name order, each once, all in one transaction. */
export async function migrate(database: Database): Promise<string[]> {
  await database.execute(
    'CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  return database.scriptTransaction(async (run) => {
    await run(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    const done = new Set((await run('SELECT name FROM schema_migration')).map((row) => String(row.name)));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await run(readFileSync(`${MIGRATIONS_DIR}${file}`, 'utf8'));
      // File names are ours (checked by the filter above), never user input.
      await run(`INSERT INTO schema_migration (name) VALUES ('${file.replaceAll("'", "''")}')`);
      applied.push(file);
    }
    return applied;
  });
}
