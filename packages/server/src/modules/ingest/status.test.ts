import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datalogger } from '../../db/schema.ts';
import { createFleetPlant } from '../../test/fleetFixture.ts';
import { openTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { createIngestRepo } from './repo.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe('datalogger status', () => {
  it('keeps the newer status when an older one is stored after it (a quick reconnect)', async () => {
    const { dataloggerSn } = await createFleetPlant(database.db);
    const repo = createIngestRepo(database.db);
    const t = Date.now();
    await repo.setStatus(dataloggerSn, { online: true }, new Date(t));
    // The old connection's offline status, taken in before the reconnect, written after it.
    await repo.setStatus(dataloggerSn, { online: false }, new Date(t - 50));
    const [row] = await database.db.select({ online: datalogger.online }).from(datalogger).where(eq(datalogger.sn, dataloggerSn));
    expect(row?.online).toBe(true);
    await repo.setStatus(dataloggerSn, { online: false }, new Date(t + 50));
    const [later] = await database.db.select({ online: datalogger.online }).from(datalogger).where(eq(datalogger.sn, dataloggerSn));
    expect(later?.online).toBe(false);
  });
});
