import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite, PGLITE_FOLDER } from './client.ts';
import { embeddedTemplate, startFromTemplate } from './embeddedTemplate.ts';
import { MIGRATIONS_DIR, migrate } from './migrate.ts';
import { selectRows } from './rawSql.ts';

/** A first start on the embedded database copies a migrated template instead of running initdb and the migrations. */
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database template', () => {
  const folders: string[] = [];
  const newDataFolder = async () => {
    const folder = await mkdtemp(join(tmpdir(), 'sunstack-template-test-'));
    folders.push(folder);
    return folder;
  };
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });

  const migrations = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql')).length;

  it('gives a new data folder a database with every migration applied', async () => {
    const dataDir = await newDataFolder();
    await startFromTemplate(dataDir);
    const database = await openPglite({ dataDir });
    try {
      const [row] = await selectRows<{ applied: number }>(database.db, sql`select count(*)::int as applied from schema_migration`);
      expect(row?.applied).toBe(migrations);
      expect(await migrate(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('leaves a data folder that has a database as it is', async () => {
    const dataDir = await newDataFolder();
    await startFromTemplate(dataDir);
    const first = await openPglite({ dataDir });
    await first.execute('create table kept_here (id int)');
    await first.close();

    await startFromTemplate(dataDir);
    const again = await openPglite({ dataDir });
    try {
      const [row] = await selectRows<{ found: string | null }>(again.db, sql`select to_regclass('kept_here')::text as found`);
      expect(row?.found).toBe('kept_here');
    } finally {
      await again.close();
    }
  });

  it('replaces a copy cut short, and never takes it for a database', async () => {
    const dataDir = await newDataFolder();
    await mkdir(join(dataDir, `${PGLITE_FOLDER}.copying`));
    await writeFile(join(dataDir, `${PGLITE_FOLDER}.copying`, 'PG_VERSION'), 'half');
    await startFromTemplate(dataDir);
    expect(existsSync(join(dataDir, `${PGLITE_FOLDER}.copying`))).toBe(false);
    expect(readdirSync(join(dataDir, PGLITE_FOLDER)).sort()).toEqual(readdirSync(join(await embeddedTemplate(), PGLITE_FOLDER)).sort());
  });
});
