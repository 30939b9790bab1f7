import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { openPglite, PGLITE_FOLDER } from './client.ts';
import { MIGRATIONS_DIR, migrate } from './migrate.ts';

/**
 * A migrated, empty embedded database kept beside PGlite in `node_modules/.cache`, which every new data folder
 * (a first start, a test file) starts as a copy of. Creating a cluster is PGlite running initdb in WebAssembly
 * (4.8 s on a 2-core machine) and the migrations another second; a copy opens in under one. `npm start` makes
 * it while the web app builds (scripts/prepareStart.mjs), so a first start no longer waits for it.
 */

const execFileAsync = promisify(execFile);

const PGLITE_DIST = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
/** node_modules/.cache of the node_modules PGlite is installed in. */
const CACHE = join(PGLITE_DIST, '..', '..', '..', '.cache', 'sunstack');

/** What a template depends on: PGlite's version and every migration's name and text. */
function templateKey(): string {
  const hash = createHash('sha256').update(readFileSync(join(PGLITE_DIST, '..', 'package.json')));
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The folder of the current template (a data folder holding only PGLITE_FOLDER), made first if there is none.
 * Made aside and renamed into place, so a process never sees half of one and two processes making it at once both
 * answer a whole one; templates of other versions or migrations are removed then.
 */
export function embeddedTemplate(): Promise<string> {
  current ??= makeTemplate().catch((error) => {
    current = undefined;
    throw error;
  });
  return current;
}
let current: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const name = `pglite-${templateKey()}`;
  const folder = join(CACHE, name);
  if (existsSync(folder)) return folder;
  await mkdir(CACHE, { recursive: true });
  const making = await mkdtemp(join(CACHE, 'making-'));
  try {
    const database = await openPglite({ dataDir: making });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    await rename(making, folder).catch((error: NodeJS.ErrnoException) => {
      // Another process made the same template meanwhile: theirs serves.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(making, { recursive: true, force: true });
  }
  for (const entry of await readdir(CACHE))
    if (await isLeftOver(entry, name)) await rm(join(CACHE, entry), { recursive: true, force: true });
  return folder;
}

/**
 * Whether a cache entry can go: a template of another key, or a folder a process stopped while making one (a template is
 * made in about 10 s; one younger than ten minutes may still be under way in another process).
 */
async function isLeftOver(entry: string, template: string): Promise<boolean> {
  if (entry.startsWith('pglite-')) return entry !== template;
  if (!entry.startsWith('making-')) return false;
  // Gone meanwhile: another process finished or removed it.
  const made = await stat(join(CACHE, entry)).catch(() => undefined);
  return made !== undefined && Date.now() - made.mtimeMs > 600_000;
}

/**
 * Copies the template's database into `dataDir`, aside first and then renamed, so a copy cut short is never taken
 * for a database. By `cp`: Node's `fs.cp` copies file by file in JavaScript, 0.3-0.4 s and as much CPU for the
 * template's 1,435 files against 0.1-0.5 s.
 */
async function copyEmbeddedTemplate(template: string, dataDir: string): Promise<void> {
  const aside = join(dataDir, `${PGLITE_FOLDER}.copying`);
  await rm(aside, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  await execFileAsync('cp', ['-R', join(template, PGLITE_FOLDER), aside]);
  await rename(aside, join(dataDir, PGLITE_FOLDER));
}

/** A data folder without a database yet (a first start) starts as a copy of the template; others are left alone. */
export async function startFromTemplate(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, PGLITE_FOLDER))) return;
  await copyEmbeddedTemplate(await embeddedTemplate(), dataDir);
}
