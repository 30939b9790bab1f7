import { randomUUID } from 'node:crypto';
import { Access, Errno } from '@sunstack/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarm, datalogger, device, deviceCommand, plant } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let ours: FleetPlant;
let theirs: FleetPlant;
let admin: TestAccount;
let distributor: TestAccount;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestApp({}, { jobs: false });
  const db = t.database.db;
  ours = await createFleetPlant(db, { devices: 2 });
  theirs = await createFleetPlant(db, { timeZone: 'America/New_York' });
  const branch = await t.createBranch('distributor', 'TRENDDIST');
  admin = await t.createAccount(Access.admin);
  distributor = await t.createAccount(Access.distributor, { organisationId: branch });
  // Ours: in the branch, installed in March 2026 (10 kWp); a year before, nothing.
  await db
    .update(plant)
    .set({ organisationId: branch, pvSizeKwp: 10, createdAt: new Date('2026-03-10T12:00:00Z') })
    .where(eq(plant.id, ours.plantId));
  await db
    .update(device)
    .set({ createdAt: new Date('2026-03-10T12:00:00Z'), model: 'H3-10.0' })
    .where(eq(device.plantId, ours.plantId));
  // Theirs: New York, installed on 1 April 2026 at 02:00 UTC, still March there.
  await db
    .update(plant)
    .set({ createdAt: new Date('2026-04-01T02:00:00Z') })
    .where(eq(plant.id, theirs.plantId));
  await db
    .update(device)
    .set({ createdAt: new Date('2026-04-01T02:00:00Z') })
    .where(eq(device.plantId, theirs.plantId));

  // What needs attention: our datalogger silent for two days, a stuck upgrade and repeated faults on their inverter.
  await db
    .update(datalogger)
    .set({ online: false, statusAt: new Date(Date.now() - 2 * DAY) })
    .where(eq(datalogger.sn, ours.dataloggerSn));
  const inverter = theirs.devices[0] as { sn: string; id: number };
  await db.insert(deviceCommand).values({
    id: randomUUID(),
    deviceSn: inverter.sn,
    dataloggerSn: theirs.dataloggerSn,
    type: 'firmware.upgrade',
    params: {},
    state: 'sent',
    createdBy: admin.id,
    expiresAt: new Date(Date.now() - DAY),
  });
  for (let i = 0; i < 3; i += 1) {
    const at = new Date(Date.now() - (i + 1) * 3_600_000);
    await db.insert(alarm).values({
      source: 'device',
      code: 1001 + i,
      severity: 'fault',
      dataloggerSn: theirs.dataloggerSn,
      deviceId: inverter.id,
      plantId: theirs.plantId,
      raisedAt: at,
      lastRaisedAt: at,
    });
  }
  await db.execute(sql`update device set firmware = '{"master": "1.20"}'::jsonb where plant_id = ${ours.plantId}`);
});
afterAll(() => t.close());

const post = (path: string, body: unknown, account: TestAccount) =>
  t.call('POST', path, body, { token: account.token }).then((a) => a.body);

describe('installation trends', () => {
  it('counts new plants, devices and kWp per local month in scope, with the year before', async () => {
    const all = await post('/c/v0/report/trend', { from: '2026-01-01', to: '2026-04-01' }, admin);
    expect(all.errno).toBe(0);
    expect(all.result.months).toEqual(['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01']);
    const [everyone] = all.result.groups;
    // Both plants in March: New York's 1 April 02:00 UTC is 31 March 22:00 there.
    expect(everyone.months[2]).toMatchObject({ plants: 2, devices: 3, kwp: 10, lastYear: { plants: 0, devices: 0, kwp: 0 } });
    expect(everyone.months[3]).toMatchObject({ plants: 0, devices: 0 });
    const mine = await post('/c/v0/report/trend', { from: '2026-03-01', to: '2026-03-01', by: 'series' }, distributor);
    expect(mine.result.groups).toEqual([
      { key: 'H3', months: [{ plants: 1, devices: 2, kwp: 10, lastYear: { plants: 0, devices: 0, kwp: 0 } }] },
    ]);
    const tooLong = await post('/c/v0/report/trend', { from: '2020-01-01', to: '2026-01-01' }, admin);
    expect(tooLong.errno).toBe(Errno.bodyInvalid);
  });
});

describe('devops', () => {
  it('lists what needs attention, each entry a device, for administrators only', async () => {
    const answer = await t.call('GET', '/c/v0/report/devops', undefined, { token: admin.token });
    expect(answer.body.errno).toBe(0);
    const list = (name: string) => answer.body.result.lists.find((l: { list: string }) => l.list === name);
    expect(list('offlineDataloggers').rows.map((row: { sn: string }) => row.sn)).toContain(ours.dataloggerSn);
    expect(list('stuckCommands').rows).toEqual([
      expect.objectContaining({ sn: theirs.devices[0]?.sn, detail: 'firmware.upgrade', plantId: theirs.plantId }),
    ]);
    expect(list('repeatedFaults').rows).toEqual([expect.objectContaining({ sn: theirs.devices[0]?.sn, value: 3 })]);
    expect(answer.body.result.firmware).toContainEqual({ type: 'inverter', model: 'H3-10.0', part: 'master', version: '1.20', devices: 2 });
    const refused = await t.call('GET', '/c/v0/report/devops', undefined, { token: distributor.token });
    expect(refused.body.errno).toBe(Errno.noPermission);
  });
});
