import { Access, Errno, uplinkTopic } from '@sunstack/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DataLoop, startDataLoop } from '../../dataLoop.ts';
import { selectRows } from '../../db/rawSql.ts';
import { auditLog, deviceCommand, deviceGrant, plant } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { connectDevice, metricValue, publish, TEST_METRICS_TOKEN } from '../broker/testClients.ts';
import { COMMAND_TTL_MS } from './service.ts';
import { connectDatalogger as connectTo, reply } from './testDatalogger.ts';

/**
 * The command path against the embedded broker, with a plain MQTT client as the device (not the
 * simulator): the protocol's exact command shape goes down, and its replies drive the states.
 */
let t: TestApp;
let loop: DataLoop;
const stopDispatcher = new AbortController();
let admin: TestAccount;
let owner: TestAccount;
let stranger: TestAccount;
let integrator: TestAccount;
let fleet: FleetPlant;
let other: FleetPlant;
const quiet = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TEST_METRICS_TOKEN });
  loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), t.app.ingest, quiet);
  void t.app.runCommandDispatcher(loop.publish, stopDispatcher.signal);
  admin = await t.createAccount(Access.admin);
  owner = await t.createAccount(Access.endUser);
  stranger = await t.createAccount(Access.endUser);
  integrator = await t.createAccount(Access.integrator);
  fleet = await createFleetPlant(t.database.db, { devices: 2 });
  other = await createFleetPlant(t.database.db);
  await t.database.db.update(plant).set({ ownerId: owner.id }).where(eq(plant.id, fleet.plantId));
});
afterAll(async () => {
  stopDispatcher.abort();
  await loop.close();
  await t.close();
});

const sn = () => fleet.devices[0]?.sn as string;
const setSettings = (body: unknown, token = owner.token) => t.call('POST', '/c/v0/device/setting/set', body, { token });
const detail = async (id: string, token = owner.token) =>
  (await t.call('GET', `/c/v0/device/command/detail?id=${id}`, undefined, { token })).body;

const connectDatalogger = (device: FleetPlant) => connectTo(loop.brokerUrl, device);

describe('device commands (issue 18)', () => {
  it('waits for an offline datalogger, sends the protocol shape once it connects, and follows its replies to done', async () => {
    const asked = await setSettings({ sn: sn(), settings: { MinSoc: 20, ExportLimit: 3.5 } });
    expect(asked.body.errno).toBe(0);
    const id = asked.body.result.commandId as string;
    expect((await detail(id)).result).toMatchObject({ id, sn: sn(), state: 'queued', type: 'setting.set', createdBy: owner.username });

    const device = await connectDatalogger(fleet);
    await expect.poll(() => device.received.length, { timeout: 10_000 }).toBe(1);
    const sent = device.received[0] as { expiresAt: number };
    expect(sent).toEqual({ id, type: 'setting.set', device: sn(), params: { MinSoc: 20, ExportLimit: 3.5 }, expiresAt: sent.expiresAt });
    expect(sent.expiresAt).toBeGreaterThan(Date.now() + COMMAND_TTL_MS - 60_000);
    await expect.poll(async () => (await detail(id)).result.state).toBe('sent');

    await reply(device.client, fleet, { id, status: 'accepted' });
    expect((await detail(id)).result.state).toBe('accepted');
    await reply(device.client, fleet, { id, status: 'progress', progress: 40 });
    expect((await detail(id)).result).toMatchObject({ state: 'progress', progress: 40 });
    await reply(device.client, fleet, { id, status: 'done', result: { MinSoc: 20, ExportLimit: 3.5 } });
    const done = (await detail(id)).result;
    expect(done).toMatchObject({ state: 'done', progress: 100, result: { MinSoc: 20, ExportLimit: 3.5 }, error: null });
    expect(done.finishedAt).toBeGreaterThanOrEqual(done.sentAt);

    // The change and who asked for it are in the operation log.
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'device.setting.set'));
    expect(entry).toMatchObject({ actorId: owner.id, objectType: 'device', objectId: sn() });
    await device.client.endAsync();
  });

  it('ignores and counts replies to finished commands, unknown ids and commands of another datalogger', async () => {
    const device = await connectDatalogger(fleet);
    const id = (await setSettings({ sn: sn(), settings: { MaxSoc: 90 } })).body.result.commandId as string;
    await expect.poll(() => device.received.length, { timeout: 10_000 }).toBe(1);
    const intruder = await connectDatalogger(other);
    const counted = () => metricValue(t.app.http, 'sunstack_ingest_rejected_messages_total{reason="unknownCommand"}');
    const before = await counted();
    await reply(intruder.client, other, { id, status: 'failed', error: 'not mine' });
    await reply(device.client, fleet, { id: 'not-a-uuid', status: 'done' });
    await reply(device.client, fleet, { id: '00000000-0000-4000-8000-000000000000', status: 'done' });
    expect(await counted()).toBe(before + 3);
    expect((await detail(id)).result.state).toBe('sent');
    await reply(device.client, fleet, { id, status: 'failed', error: 'MaxSoc: out of range' });
    await reply(device.client, fleet, { id, status: 'done' });
    expect(await counted()).toBe(before + 4);
    expect((await detail(id)).result).toMatchObject({ state: 'failed', error: 'MaxSoc: out of range' });
    await Promise.all([device.client.endAsync(), intruder.client.endAsync()]);
  });

  it('cancels a command not sent yet, and refuses to cancel one that was', async () => {
    await publish(await connectDevice(loop.brokerUrl, other.dataloggerSn, other.secret), uplinkTopic(other.dataloggerSn, 'status'), {
      online: false,
    });
    const otherSn = other.devices[0]?.sn as string;
    const queued = (await setSettings({ sn: otherSn, settings: { MinSoc: 30 } }, admin.token)).body.result.commandId as string;
    expect((await t.call('POST', '/c/v0/device/command/cancel', { id: queued }, { token: admin.token })).body.errno).toBe(0);
    expect((await detail(queued, admin.token)).result.state).toBe('cancelled');
    const sentId = (await t.database.db.select({ id: deviceCommand.id }).from(deviceCommand).where(eq(deviceCommand.state, 'done')))[0]?.id;
    expect((await t.call('POST', '/c/v0/device/command/cancel', { id: sentId }, { token: admin.token })).body.errno).toBe(
      Errno.commandNotCancellable,
    );
  });

  it('expires what is not taken up in time', async () => {
    const otherSn = other.devices[0]?.sn as string;
    const id = (await setSettings({ sn: otherSn, settings: { MinSoc: 25 } }, admin.token)).body.result.commandId as string;
    t.clock.offsetMs += COMMAND_TTL_MS + 1_000;
    try {
      // A new command wakes the dispatcher, which expires the old one on its pass.
      await setSettings({ sn: otherSn, settings: { MinSoc: 26 } }, admin.token);
      await expect.poll(async () => (await detail(id, admin.token)).result.state, { timeout: 10_000 }).toBe('expired');
    } finally {
      t.clock.offsetMs -= COMMAND_TTL_MS + 1_000;
    }
  });

  it('lets only who may operate the device command it: out of scope answers like a missing device, read-only 40300', async () => {
    const missing = await setSettings({ sn: 'NO-SUCH-DEVICE', settings: { MinSoc: 20 } }, stranger.token);
    const foreign = await setSettings({ sn: sn(), settings: { MinSoc: 20 } }, stranger.token);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.body.errno).toBe(Errno.notFound);

    await t.database.db.insert(deviceGrant).values({ deviceSn: sn(), integratorId: integrator.id, canControl: false, grantedBy: owner.id });
    expect((await setSettings({ sn: sn(), settings: { MinSoc: 20 } }, integrator.token)).body.errno).toBe(Errno.noPermission);
    await t.database.db.update(deviceGrant).set({ canControl: true }).where(eq(deviceGrant.integratorId, integrator.id));
    expect((await setSettings({ sn: sn(), settings: { MinSoc: 20 } }, integrator.token)).body.errno).toBe(0);

    const mine = (await t.call('POST', '/c/v0/device/command/list', { pageSize: 50 }, { token: stranger.token })).body.result;
    expect(mine.total).toBe(0);
    const ownerList = (await t.call('POST', '/c/v0/device/command/list', { sn: sn(), pageSize: 50 }, { token: owner.token })).body.result;
    expect(ownerList.commands.length).toBeGreaterThan(0);
    expect(ownerList.commands.every((command: { sn: string }) => command.sn === sn())).toBe(true);
    const someone = ownerList.commands[0].id as string;
    expect((await detail(someone, stranger.token)).errno).toBe(Errno.notFound);
  });

  it('refuses settings the device must never get, with the rule that failed, and sends nothing', async () => {
    const before = await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from device_command`);
    const refused = async (settings: unknown, message: string) => {
      const { body } = await setSettings({ sn: sn(), settings });
      expect(body.errno, message).toBe(Errno.bodyInvalid);
      expect(body.result.issues.map((issue: { message: string }) => issue.message)).toContain(message);
    };
    const period = (start: string, end: string) => ({ start, end, mode: 'ForceCharge' });
    await refused({}, 'validation.settingsEmpty');
    await refused({ MinSoc: 5 }, 'validation.socRange');
    await refused({ MinSoc: 60, MaxSoc: 50 }, 'validation.minSocAboveMax');
    await refused({ ExportLimit: 7000 }, 'validation.powerRange');
    await refused({ SchedulePeriods: [period('02:00', '05:00'), period('04:00', '06:00')] }, 'validation.periodsOverlap');
    await refused({ SchedulePeriods: [period('23:00', '01:00'), period('00:30', '02:00')] }, 'validation.periodsOverlap');
    await refused({ SchedulePeriods: [period('02:00', '02:20')] }, 'validation.periodTooShort');
    await refused(
      {
        SchedulePeriods: Array.from({ length: 9 }, (_, i) =>
          period(`${String(i * 2).padStart(2, '0')}:00`, `${String(i * 2 + 1).padStart(2, '0')}:00`),
        ),
      },
      'validation.periodsMax',
    );
    await refused({ Unknown: 1 }, 'validation.invalid');
    const after = await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from device_command`);
    expect(after).toEqual(before);
  });
});
