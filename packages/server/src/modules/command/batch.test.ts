import { Access, type Batch, Errno, type Strategy } from '@sunstack/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DataLoop, startDataLoop } from '../../dataLoop.ts';
import { selectRows } from '../../db/rawSql.ts';
import { deviceGrant, plant } from '../../db/schema.ts';
import { eventsOf } from '../../test/eventStream.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { signedHeaders, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { connectDatalogger, reply } from './testDatalogger.ts';

/**
 * Group remote (issue 18): a template or settings sent to a device, a group or plants as one batch,
 * its counts live, retry of the failed, cancel of the waiting; whatever the caller may not operate is
 * counted as refused and never commanded. Plain MQTT clients are the dataloggers.
 */
let t: TestApp;
let loop: DataLoop;
let base = '';
const stopDispatcher = new AbortController();
let admin: TestAccount;
let installer: TestAccount;
let otherDistributor: TestAccount;
let integrator: TestAccount;
let endUser: TestAccount;
let plants: FleetPlant[];
let templateId: number;

const STRATEGY: Strategy = {
  WorkMode: 'TimePeriods',
  MinSoc: 20,
  SchedulePeriods: [{ start: '02:00', end: '05:00', mode: 'ForceCharge', minSocOnGrid: 20, fdSoc: 20, fdPwr: 3000, maxSoc: 90 }],
  PricePeriods: [],
};
const SETTINGS = { WorkMode: STRATEGY.WorkMode, MinSoc: STRATEGY.MinSoc, SchedulePeriods: STRATEGY.SchedulePeriods };

beforeAll(async () => {
  t = await startTestApp();
  loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), t.app.ingest, { info: () => {}, warn: () => {} });
  void t.app.runCommandDispatcher(loop.publish, stopDispatcher.signal);
  base = await t.app.http.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.createAccount(Access.admin);
  installer = await t.createAccount(Access.installer);
  otherDistributor = await t.createAccount(Access.distributor, { organisationId: await t.createBranch('distributor', 'BATCHOTH') });
  integrator = await t.createAccount(Access.integrator);
  endUser = await t.createAccount(Access.endUser);
  plants = [
    await createFleetPlant(t.database.db, { devices: 2, battery: true }),
    await createFleetPlant(t.database.db, { battery: true }),
    await createFleetPlant(t.database.db, { battery: true }),
  ];
  // The installer installed the first two plants; the third is someone else's.
  for (const fleet of plants.slice(0, 2))
    await t.database.db.update(plant).set({ installerId: installer.id }).where(eq(plant.id, fleet.plantId));
  templateId = (await post('/c/v0/template/create', { name: 'Night charge', strategy: STRATEGY }, admin)).result.id;
});
afterAll(async () => {
  stopDispatcher.abort();
  await loop.close();
  await t.close();
});

const post = async (path: string, body: unknown, account: TestAccount) => (await t.call('POST', path, body, { token: account.token })).body;
const get = async (path: string, account: TestAccount) => (await t.call('GET', path, undefined, { token: account.token })).body;
const sns = (fleet: FleetPlant) => fleet.devices.map((device) => device.sn);
const commandsOf = async (batchId: string) =>
  selectRows<{ id: string; device_sn: string; state: string; audit_log_id: number }>(
    t.database.db,
    sql`select id, device_sn, state, audit_log_id::int from device_command where batch_id = ${batchId} order by device_sn, created_at`,
  );
const count = async (table: string) =>
  (await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]?.n;

describe('group remote', () => {
  it("sends a template to a group's devices as one batch with the operation log, counts them live, retries the failed and cancels the waiting", async () => {
    const group = (await post('/c/v0/group/create', { kind: 'device', name: 'Batteries north' }, admin)).result.id;
    const members = [...sns(plants[0] as FleetPlant), ...sns(plants[1] as FleetPlant)];
    expect((await post('/c/v0/group/addMembers', { id: group, members }, admin)).errno).toBe(0);
    const created = await post('/c/v0/device/batch/create', { target: { kind: 'group', groupId: group }, templateId }, admin);
    expect(created).toEqual({ errno: 0, result: { batchId: expect.any(String), commands: 3, refused: 0, withoutBattery: 0 } });
    const { batchId } = created.result;
    const rows = await commandsOf(batchId);
    expect(rows.map((row) => row.device_sn)).toEqual([...members].sort());
    // Each command has its operation log entry (before as last reported: never), and the batch one.
    const entries = await selectRows<{ action: string; before: unknown; after: Record<string, unknown> }>(
      t.database.db,
      sql`select action, "before", "after" from audit_log where "after"->>'batchId' = ${batchId} or object_id = ${batchId} order by id`,
    );
    expect(entries.map((entry) => entry.action)).toEqual([
      'batch.create',
      'device.setting.set',
      'device.setting.set',
      'device.setting.set',
    ]);
    expect(entries[1]?.before).toEqual({ WorkMode: 'unknown', MinSoc: 'unknown', SchedulePeriods: 'unknown' });
    expect(entries[1]?.after).toMatchObject({ batchId, ...SETTINGS });

    // The batch's stream: first the batch as it is, then its counts as the devices answer.
    const abort = new AbortController();
    const path = `/c/v0/device/batch/stream?id=${batchId}`;
    const response = await fetch(`${base}${path}`, {
      headers: signedHeaders('/c/v0/device/batch/stream', admin.token, 'en'),
      signal: abort.signal,
    });
    const next = eventsOf<Batch>(response);
    const first = await next();
    expect(first).toMatchObject({
      id: batchId,
      templateName: 'Night charge',
      target: { kind: 'group', label: 'Batteries north' },
      refused: 0,
    });
    expect(first?.counts).toEqual({ total: 3, done: 0, failed: 0, cancelled: 0, waiting: 3 });
    async function untilCounts(check: (counts: Batch['counts']) => boolean) {
      for (;;) {
        const event = await next();
        if (!event) throw new Error('the stream ended');
        if (check(event.counts)) return event.counts;
      }
    }

    // The first plant's datalogger answers: one done, one failed. The second plant's datalogger stays offline.
    const device = await connectDatalogger(loop.brokerUrl, plants[0] as FleetPlant);
    const [doneId, failedId] = rows.filter((row) => sns(plants[0] as FleetPlant).includes(row.device_sn)).map((row) => row.id);
    await expect.poll(() => device.received.length, { timeout: 10_000 }).toBe(2);
    expect(device.received[0]).toMatchObject({ type: 'setting.set', params: SETTINGS });
    await reply(device.client, plants[0] as FleetPlant, { id: doneId, status: 'done', result: SETTINGS });
    await reply(device.client, plants[0] as FleetPlant, { id: failedId, status: 'failed', error: 'battery busy' });
    expect(await untilCounts((counts) => counts.done === 1 && counts.failed === 1)).toEqual({
      total: 3,
      done: 1,
      failed: 1,
      cancelled: 0,
      waiting: 1,
    });

    // Retry: only the failed device gets a new command; its latest now waits.
    expect(await post('/c/v0/device/batch/retry', { id: batchId }, admin)).toEqual({ errno: 0, result: { commands: 1 } });
    await expect.poll(() => device.received.length, { timeout: 10_000 }).toBe(3);
    const retried = device.received[2] as { id: string };
    expect(retried.id).not.toBe(failedId);
    await reply(device.client, plants[0] as FleetPlant, { id: retried.id, status: 'done', result: SETTINGS });
    await untilCounts((counts) => counts.done === 2);
    // Cancel: the offline datalogger's command was never sent.
    expect(await post('/c/v0/device/batch/cancel', { id: batchId }, admin)).toEqual({ errno: 0, result: { commands: 1 } });
    expect(await untilCounts((counts) => counts.waiting === 0)).toEqual({ total: 3, done: 2, failed: 0, cancelled: 1, waiting: 0 });
    abort.abort();
    await device.client.endAsync();
    const listed = (await post('/c/v0/device/batch/list', {}, admin)).result.batches as Batch[];
    expect(listed.find((batch) => batch.id === batchId)?.counts).toEqual({ total: 3, done: 2, failed: 0, cancelled: 1, waiting: 0 });
    // The commands of the batch, page by page, with the list of commands.
    const page = (await post('/c/v0/device/command/list', { batchId, pageSize: 50 }, admin)).result;
    expect(page.total).toBe(4);
  });

  it('commands only what the caller may operate: plants out of scope and devices seen without control are refused and counted', async () => {
    const before = await count('device_command');
    const plantIds = plants.map((fleet) => fleet.plantId);
    const installerBatch = await post(
      '/c/v0/device/batch/create',
      { target: { kind: 'plants', plantIds }, settings: { MinSoc: 30 } },
      installer,
    );
    // Its two plants' three inverters; the third plant is not its own: refused, not a word of its devices.
    expect(installerBatch.result).toMatchObject({ commands: 3, refused: 1 });
    expect((await commandsOf(installerBatch.result.batchId)).map((row) => row.device_sn)).toEqual(
      [...sns(plants[0] as FleetPlant), ...sns(plants[1] as FleetPlant)].sort(),
    );

    // An integrator granted one device read-only and one with control.
    const [viewOnly, controlled] = [sns(plants[2] as FleetPlant)[0] as string, sns(plants[1] as FleetPlant)[0] as string];
    await t.database.db.insert(deviceGrant).values([
      { deviceSn: viewOnly, integratorId: integrator.id, canControl: false, grantedBy: admin.id },
      { deviceSn: controlled, integratorId: integrator.id, canControl: true, grantedBy: admin.id },
    ]);
    const refused = await post(
      '/c/v0/device/batch/create',
      { target: { kind: 'device', sn: viewOnly }, settings: { MinSoc: 30 } },
      integrator,
    );
    expect(refused.result).toMatchObject({ commands: 0, refused: 1 });
    const allowed = await post(
      '/c/v0/device/batch/create',
      { target: { kind: 'device', sn: controlled }, settings: { MinSoc: 30 } },
      integrator,
    );
    expect(allowed.result).toMatchObject({ commands: 1, refused: 0 });
    expect(await count('device_command')).toBe((before ?? 0) + 4);
    // The integrator sees its own batches only.
    expect(((await post('/c/v0/device/batch/list', {}, integrator)).result.batches as Batch[]).map((batch) => batch.id).sort()).toEqual(
      [refused.result.batchId, allowed.result.batchId].sort(),
    );
  });

  it('leaves inverters without a battery out of battery settings, counted apart, and sends them settings they have', async () => {
    const batteryLess = await createFleetPlant(t.database.db, { devices: 2 });
    const plantIds = [batteryLess.plantId, (plants[1] as FleetPlant).plantId];
    const battery = await post('/c/v0/device/batch/create', { target: { kind: 'plants', plantIds }, settings: { MinSoc: 25 } }, admin);
    expect(battery.result).toMatchObject({ commands: 1, refused: 0, withoutBattery: 2 });
    expect((await commandsOf(battery.result.batchId)).map((row) => row.device_sn)).toEqual(sns(plants[1] as FleetPlant));
    expect((await get(`/c/v0/device/batch/detail?id=${battery.result.batchId}`, admin)).result).toMatchObject({ withoutBattery: 2 });
    // The export limit is every inverter's setting.
    const exportLimit = await post(
      '/c/v0/device/batch/create',
      { target: { kind: 'plants', plantIds }, settings: { ExportLimit: 4000 } },
      admin,
    );
    expect(exportLimit.result).toMatchObject({ commands: 3, withoutBattery: 0 });
  });

  it("answers another branch's template, group, batch and device like missing ones, and changes nothing", async () => {
    const before = [await count('device_command'), await count('command_batch'), await count('audit_log')];
    const adminGroup = (await post('/c/v0/group/create', { kind: 'plant', name: 'All plants' }, admin)).result.id;
    const after = await count('audit_log');
    const theirs = (await post('/c/v0/device/batch/list', {}, admin)).result.batches[0] as Batch;
    const attempts = [
      { target: { kind: 'device', sn: sns(plants[0] as FleetPlant)[0] }, templateId },
      { target: { kind: 'group', groupId: adminGroup }, settings: { MinSoc: 30 } },
      { target: { kind: 'device', sn: sns(plants[0] as FleetPlant)[0] }, settings: { MinSoc: 30 } },
      { target: { kind: 'device', sn: 'NO-SUCH-DEVICE' }, settings: { MinSoc: 30 } },
      { target: { kind: 'group', groupId: 99_999_999 }, settings: { MinSoc: 30 } },
      { target: { kind: 'device', sn: sns(plants[0] as FleetPlant)[0] }, templateId: 99_999_999 },
    ];
    for (const body of attempts)
      expect((await post('/c/v0/device/batch/create', body, otherDistributor)).errno, JSON.stringify(body)).toBe(Errno.notFound);
    for (const path of ['/c/v0/device/batch/retry', '/c/v0/device/batch/cancel'])
      expect((await post(path, { id: theirs.id }, otherDistributor)).errno).toBe(Errno.notFound);
    expect((await get(`/c/v0/device/batch/detail?id=${theirs.id}`, otherDistributor)).errno).toBe(Errno.notFound);
    const stream = await fetch(`${base}/c/v0/device/batch/stream?id=${theirs.id}`, {
      headers: signedHeaders('/c/v0/device/batch/stream', otherDistributor.token, 'en'),
    });
    expect(await stream.json()).toEqual({ errno: Errno.notFound, result: {} });
    expect([await count('device_command'), await count('command_batch'), await count('audit_log')]).toEqual([before[0], before[1], after]);
  });

  it('refuses bad input with its rule before anything is made, and end users altogether', async () => {
    const before = await count('command_batch');
    const refused = async (body: unknown, message: string) => {
      const answer = await post('/c/v0/device/batch/create', body, admin);
      expect(answer.errno, message).toBe(Errno.bodyInvalid);
      expect(JSON.stringify(answer.result.issues)).toContain(message);
    };
    await refused({ target: { kind: 'plants', plantIds: [] }, settings: { MinSoc: 30 } }, 'batch.plantsRequired');
    await refused({ target: { kind: 'device', sn: sns(plants[0] as FleetPlant)[0] }, settings: { MinSoc: 5 } }, 'validation.socRange');
    const overlapping = [STRATEGY.SchedulePeriods[0], { ...STRATEGY.SchedulePeriods[0], start: '04:00', end: '06:00' }];
    await refused(
      { target: { kind: 'device', sn: sns(plants[0] as FleetPlant)[0] }, settings: { SchedulePeriods: overlapping } },
      'validation.periodsOverlap',
    );
    expect(await count('command_batch')).toBe(before);
    expect(
      (await post('/c/v0/device/batch/create', { target: { kind: 'plants', plantIds: [1] }, settings: { MinSoc: 30 } }, endUser)).errno,
    ).toBe(Errno.noPermission);
  });
});
