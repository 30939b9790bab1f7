import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plant } from '../db/schema.ts';
import { openTestDatabase } from '../test/harness.ts';
import { seedDemo } from './demo.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const livePlants = async () => (await database.db.select({ n: count() }).from(plant).where(isNull(plant.deletedAt)))[0]?.n;

describe('demo seed', () => {
  it('seeds once by identity: renamed and deleted demo plants are not seeded again', async () => {
    expect(await seedDemo(database)).toBe(true);
    const seeded = await livePlants();
    const [first, second] = await database.db.select({ id: plant.id }).from(plant).orderBy(plant.id).limit(2);
    await database.db
      .update(plant)
      .set({ name: 'Renamed by its owner' })
      .where(eq(plant.id, first?.id as number));
    await database.db
      .update(plant)
      .set({ deletedAt: new Date() })
      .where(eq(plant.id, second?.id as number));
    expect(await seedDemo(database)).toBe(false);
    expect(await livePlants()).toBe((seeded as number) - 1);
  });
});
