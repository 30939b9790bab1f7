import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plant } from '../db/schema.ts';
import { openTestDatabase, startTestApp } from '../test/harness.ts';
import { DEMO_GRANTS, DEMO_PASSWORD, seedDemo } from './demo.ts';

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

describe('demo data authorisation', () => {
  let test: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    test = await startTestApp();
    await seedDemo(test.database);
  });
  afterAll(() => test.close());

  const page = { currentPage: 1, pageSize: 50 };
  const listedSns = async (token: string) =>
    ((await test.call('POST', '/c/v0/device/list', page, { token })).body.result.devices as { sn: string }[]).map((d) => d.sn).sort();

  it("gives demo_integrator the devices their owners authorised, each in the owner's own grant list", async () => {
    const integrator = await test.signIn('demo_integrator', DEMO_PASSWORD);
    expect(await listedSns(integrator)).toEqual(DEMO_GRANTS.map((grant) => grant.sn).sort());
    for (const owner of new Set(DEMO_GRANTS.map((grant) => grant.owner))) {
      const token = await test.signIn(owner, DEMO_PASSWORD);
      const { result } = (await test.call('POST', '/c/v0/device/grants', page, { token })).body;
      const rows = result.grants as { sn: string; integrator: string; grantedBy: string; canControl: boolean }[];
      expect(rows.map((row) => row.sn).sort()).toEqual(
        DEMO_GRANTS.filter((grant) => grant.owner === owner)
          .map((grant) => grant.sn)
          .sort(),
      );
      expect(rows.every((row) => row.integrator === 'demo_integrator' && row.grantedBy === owner)).toBe(true);
    }
  });

  it('does not authorise again what an owner revoked', async () => {
    const owner = await test.signIn('demo_user2', DEMO_PASSWORD);
    const revoked = DEMO_GRANTS.find((grant) => grant.owner === 'demo_user2')?.sn as string;
    expect(
      (await test.call('POST', '/c/v0/device/revoke', { sn: revoked, integrator: 'demo_integrator' }, { token: owner })).body.errno,
    ).toBe(0);
    await seedDemo(test.database);
    const integrator = await test.signIn('demo_integrator', DEMO_PASSWORD);
    expect(await listedSns(integrator)).not.toContain(revoked);
  });
});
