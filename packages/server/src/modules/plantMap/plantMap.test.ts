import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, organisation } from '../../db/schema.ts';
import { securityHeaders, tileSource } from '../../http/securityHeaders.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createAccountRepo } from '../account/repo.ts';
import { cellsPerWorld, mercatorY } from './repo.ts';

/**
 * The plant map in two distributor branches. Branch B has a plant at exactly the spot of one of
 * branch A's, so a leak would show in the counts of a shared cell, not only as an extra marker.
 */
let t: TestApp;
const accounts: Record<string, TestAccount> = {};
const plants: Record<string, number> = {};
let snSeq = 410_000_000_000_000;

const FREIBURG = { latitude: 47.999, longitude: 7.842 };
const WORLD = { south: -85, west: -180, north: 85, east: 180 };
const around = ({ latitude, longitude }: { latitude: number; longitude: number }, d = 0.05) => ({
  south: latitude - d,
  west: longitude - d,
  north: latitude + d,
  east: longitude + d,
});

async function branch(parentId: number, kind: 'distributor' | 'agent', code: string) {
  const [row] = await t.database.db.insert(organisation).values({ parentId, kind, name: code, code }).returning({ id: organisation.id });
  return (row as { id: number }).id;
}

async function createPlant(installer: string, name: string, position?: { latitude: number; longitude: number }, owner?: string) {
  snSeq += 1;
  const sn = String(snSeq);
  expect((await t.call('POST', '/c/v0/module/create', { sn }, { token: accounts.admin?.token })).body.errno).toBe(0);
  const body = {
    name,
    type: 'residential',
    country: 'DE',
    timeZone: 'Europe/Berlin',
    dataloggers: [t.claim(sn)],
    ...position,
    ...(owner ? { owner } : {}),
  };
  const answer = await t.call('POST', '/c/v0/plant/create', body, { token: accounts[installer]?.token });
  expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
  plants[name] = answer.body.result.id;
  return sn;
}

const map = (who: string, box: object, zoom: number) => t.call('POST', '/c/v0/plant/map', { box, zoom }, { token: accounts[who]?.token });
type Cell = { count: number; statuses: Record<string, number>; plant: { id: number; name: string } | null };

beforeAll(async () => {
  t = await startTestApp();
  const root = await createAccountRepo(t.database.db).rootOrganisationId();
  const distA = await branch(root, 'distributor', 'MAPDISTA');
  const agentA = await branch(distA, 'agent', 'MAPAGNTA');
  const distB = await branch(root, 'distributor', 'MAPDISTB');
  const make = async (name: string, access: number, organisationId?: number) => {
    accounts[name] = await t.createAccount(access as 1, { username: name, ...(organisationId ? { organisationId } : {}) });
  };
  await make('admin', Access.admin);
  await make('distA', Access.distributor, distA);
  await make('agentA', Access.agent, agentA);
  await make('installerA', Access.installer, agentA);
  await make('userA', Access.endUser, agentA);
  await make('distB', Access.distributor, distB);
  await make('installerB', Access.installer, distB);
  await make('integrator', Access.integrator);

  const freiburgSn = await createPlant('installerA', 'Freiburg A', FREIBURG, 'userA');
  await createPlant('installerA', 'Freiburg A east', { latitude: 48.0, longitude: 7.853 });
  await createPlant('installerA', 'Lyon A', { latitude: 45.764, longitude: 4.835 });
  await createPlant('installerA', 'Nowhere A');
  await createPlant('installerB', 'Freiburg B', FREIBURG);
  await createPlant('installerB', 'Sevilla B', { latitude: 37.389, longitude: -5.984 });
  // One device of "Freiburg A" reported a minute ago: that plant is normal, the others offline.
  await t.database.db.insert(device).values({
    sn: 'MAPDEV0001',
    dataloggerSn: freiburgSn,
    plantId: plants['Freiburg A'] as number,
    type: 'inverter',
    lastSeenAt: new Date(),
  });
});
afterAll(() => t.close());

describe('plant map clusters (spec section 2, /bus/plant/gaudeMap)', () => {
  it('clusters every located plant in scope for the administrator, counting those without a position apart', async () => {
    const { body } = await map('admin', WORLD, 2);
    expect(body.errno).toBe(0);
    expect(body.result.total).toBe(5);
    expect(body.result.unlocated).toBe(1);
    const cells: Cell[] = body.result.cells;
    expect(cells.reduce((sum, cell) => sum + cell.count, 0)).toBe(5);
    const statuses = cells.reduce((sum, cell) => sum + Object.values(cell.statuses).reduce((a, b) => a + b, 0), 0);
    expect(statuses).toBe(5);
    expect(cells.reduce((sum, cell) => sum + (cell.statuses.normal ?? 0), 0)).toBe(1);
  });

  it('never shows or counts another branch: not as a marker, not inside a shared cell', async () => {
    const seen = async (who: string) => {
      const { body } = await map(who, WORLD, 3);
      expect(body.errno, who).toBe(0);
      return { total: body.result.total, unlocated: body.result.unlocated, cells: body.result.cells as Cell[] };
    };
    const a = await seen('distA');
    expect(a.total).toBe(3);
    expect(a.unlocated).toBe(1);
    const b = await seen('distB');
    expect(b.total).toBe(2);
    expect(b.unlocated).toBe(0);
    expect((await seen('agentA')).total).toBe(3);
    expect((await seen('installerA')).total).toBe(3);
    expect((await seen('installerB')).total).toBe(2);
    expect((await seen('userA')).total).toBe(1);

    // At street level the Freiburg spot holds one plant of each branch: each side sees only its own.
    const spot = around(FREIBURG, 0.0005);
    const ofA = (await map('distA', spot, 18)).body.result.cells as Cell[];
    expect(ofA.map((cell) => [cell.count, cell.plant?.name])).toEqual([[1, 'Freiburg A']]);
    const ofB = (await map('distB', spot, 18)).body.result.cells as Cell[];
    expect(ofB.map((cell) => [cell.count, cell.plant?.name])).toEqual([[1, 'Freiburg B']]);
    const ofAdmin = (await map('admin', spot, 18)).body.result.cells as Cell[];
    expect(ofAdmin.map((cell) => [cell.count, cell.plant])).toEqual([[2, null]]);
  });

  it('splits a cluster as the zoom grows, and names the single plant a marker opens', async () => {
    const box = around(FREIBURG, 0.1);
    const far = (await map('distA', box, 5)).body.result.cells as (Cell & { bounds: Record<string, number> })[];
    expect(far).toHaveLength(1);
    expect(far[0]).toMatchObject({ count: 2, plant: null, statuses: { normal: 1, offline: 1, alarm: 0, fault: 0 } });
    expect(far[0]?.bounds).toEqual({ south: 47.999, west: 7.842, north: 48.0, east: 7.853 });
    const near = (await map('distA', box, 14)).body.result.cells as Cell[];
    expect(near.map((cell) => cell.plant?.name).sort()).toEqual(['Freiburg A', 'Freiburg A east']);
    expect(near.find((cell) => cell.plant?.name === 'Freiburg A')?.plant?.id).toBe(plants['Freiburg A']);
  });

  it('forgets deleted plants', async () => {
    await createPlant('installerB', 'Doomed B', { latitude: 40.4, longitude: -3.7 });
    expect((await map('distB', WORLD, 2)).body.result.total).toBe(3);
    const deleted = await t.call('POST', '/c/v0/plant/delete', { id: plants['Doomed B'], confirm: true }, { token: accounts.distB?.token });
    expect(deleted.body.errno).toBe(0);
    expect((await map('distB', WORLD, 2)).body.result.total).toBe(2);
  });

  it('refuses a bad box, a box too large for its zoom, and the integrator', async () => {
    for (const body of [
      { box: { ...WORLD, south: 10, north: 5 }, zoom: 3 },
      { box: { ...WORLD, east: 181 }, zoom: 3 },
      { box: WORLD, zoom: 19 },
      { box: WORLD, zoom: 2.5 },
      { box: WORLD },
    ]) {
      const answer = await t.call('POST', '/c/v0/plant/map', body, { token: accounts.admin?.token });
      expect(answer.body.errno, JSON.stringify(body)).toBe(Errno.bodyInvalid);
    }
    const tooLarge = await map('admin', WORLD, 12);
    expect(tooLarge.body).toEqual({
      errno: Errno.bodyInvalid,
      result: { issues: [{ path: 'body.box', message: 'plantMap.boxTooLarge' }] },
    });
    expect((await map('integrator', WORLD, 2)).body.errno).toBe(Errno.noPermission);
  });
});

describe('plants at one spot', () => {
  it('lists the plants of a box a page at a time, in scope only', async () => {
    const spot = around(FREIBURG, 0.0005);
    const call = (who: string, page: object) =>
      t.call('POST', '/c/v0/plant/mapPlants', { box: spot, ...page }, { token: accounts[who]?.token });
    const first = await call('admin', { pageSize: 10 });
    expect(first.body.result.total).toBe(2);
    expect(first.body.result.plants.map((p: { name: string }) => p.name)).toEqual(['Freiburg A', 'Freiburg B']);
    expect(first.body.result.plants[0]).toMatchObject({ status: 'normal', latitude: 47.999, longitude: 7.842, country: 'DE' });
    const paged = await call('admin', { pageSize: 10, currentPage: 2 });
    expect(paged.body.result).toMatchObject({ total: 2, currentPage: 2, plants: [] });
    const ofB = await call('distB', {});
    expect(ofB.body.result.plants.map((p: { name: string }) => p.name)).toEqual(['Freiburg B']);
    expect((await call('userA', {})).body.result.total).toBe(1);
  });
});

describe('the base map', () => {
  it('has no tile server unless MAP_TILE_URL is set, and then allows its images', async () => {
    const { body } = await t.call('GET', '/c/v0/plant/mapConfig', undefined, { token: accounts.installerA?.token });
    expect(body).toEqual({ errno: 0, result: { tileUrl: null, attribution: '' } });
    expect(tileSource('https://{s}.tiles.example.com/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.com');
    expect(securityHeaders(['https://tiles.example.com'])['content-security-policy']).toContain(
      "img-src 'self' data: blob: https://tiles.example.com;",
    );
    expect(securityHeaders()['content-security-policy']).toContain("img-src 'self' data: blob:;");
  });

  it('puts a latitude on the same grid as the SQL does', () => {
    expect(mercatorY(0)).toBeCloseTo(0.5, 12);
    expect(mercatorY(85.0511)).toBeCloseTo(0, 4);
    expect(mercatorY(-90)).toBeCloseTo(1, 4);
    expect(cellsPerWorld(0)).toBe(4);
    expect(cellsPerWorld(18)).toBe(4 * 2 ** 18);
  });
});
