import { Access, commandTopic, Errno, uplinkTopic } from '@sunstack/shared';
import { DEMO_FLEET, SimulatedDatalogger, withDatalogger } from '@sunstack/simulator';
import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataLoop } from '../../dataLoop.ts';
import { selectRows } from '../../db/rawSql.ts';
import { auditLog, datalogger, deviceCommand, deviceGrant, device as deviceTable, plant } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { BROKERS, type IngestProcess, startIngestProcess } from '../../test/ingestProcess.ts';
import { captureLog } from '../../test/logCapture.ts';
import { periodOf } from '../../test/schedule.ts';
import { connectDevice, metricValue, publish } from '../broker/testClients.ts';
import { commandMessage } from './dispatcher.ts';
import { type CommandRow, createCommandRepo } from './repo.ts';
import { COMMAND_TTL_MS, SILENT_DEVICE_MS } from './service.ts';

/**
 * Device commands. The test's app is the API process; on each broker (embedded, and a real
 * Mosquitto with the shipped configuration) an ingest process of its own runs the data loop and the
 * command dispatcher over the same database. The device is a plain MQTT client (not the simulator)
 * where the protocol's exact shape is the point, and a simulated datalogger where what the device
 * does with a command is.
 */
let t: TestApp;
let admin: TestAccount;
let owner: TestAccount;
let stranger: TestAccount;
let integrator: TestAccount;
/** How long a poll waits for what crosses a broker (the suite runs beside other test files on 2 cores). */
const WAIT = { timeout: 10_000 };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  owner = await t.createAccount(Access.endUser);
  stranger = await t.createAccount(Access.endUser);
  integrator = await t.createAccount(Access.integrator);
});
afterAll(async () => {
  await t.close();
});

const setSettings = (body: unknown, token = owner.token) => t.call('POST', '/c/v0/device/setting/set', body, { token });
const commandId = async (answer: Promise<{ body: { errno: number; result: { commandId?: string } } }>) => {
  const { body } = await answer;
  expect(body.errno).toBe(0);
  return body.result.commandId as string;
};
const detail = async (id: string, token = owner.token) =>
  (await t.call('GET', `/c/v0/device/command/detail?id=${id}`, undefined, { token })).body;
const stateOf = async (id: string, token = owner.token) => (await detail(id, token)).result.state as string;
const reply = (client: MqttClient, dataloggerSn: string, body: unknown) => publish(client, uplinkTopic(dataloggerSn, 'reply'), body);

/** A plant of the fleet fixture owned by `owner`. */
async function ownedPlant(devices = 1) {
  const fixture = await createFleetPlant(t.database.db, { devices });
  await t.database.db.update(plant).set({ ownerId: owner.id }).where(eq(plant.id, fixture.plantId));
  return fixture;
}

describe.each(BROKERS)('the command path on the %s broker', (broker) => {
  let ingest: IngestProcess;
  let fleet: FleetPlant;
  let other: FleetPlant;
  let simulated: FleetPlant;
  const sn = () => fleet.devices[0]?.sn as string;
  const counted = (reason: string) => metricValue(ingest.app.http, `sunstack_ingest_rejected_messages_total{reason="${reason}"}`);

  beforeAll(async () => {
    ingest = await startIngestProcess(t.database, broker, { now: () => Date.now() + t.clock.offsetMs });
    fleet = await ownedPlant(2);
    other = await createFleetPlant(t.database.db);
    simulated = await createFleetPlant(t.database.db, { devices: 0 });
    await ingest.provision(fleet, other, simulated);
    ingest.startDispatcher();
  });
  afterAll(async () => {
    await ingest?.close();
  });

  /** A plain MQTT client as the datalogger, online, with the commands that reach it. */
  async function connectDatalogger(fixture: FleetPlant) {
    const client = await connectDevice(ingest.loop.brokerUrl, fixture.dataloggerSn, fixture.secret);
    const received: Record<string, unknown>[] = [];
    client.on('message', (_, payload) => received.push(JSON.parse(payload.toString())));
    await client.subscribeAsync(commandTopic(fixture.dataloggerSn), { qos: 1 });
    await publish(client, uplinkTopic(fixture.dataloggerSn, 'status'), { online: true });
    return { client, received };
  }

  it('waits for an offline datalogger, sends the protocol shape once it connects, and follows its replies to done', async () => {
    const id = await commandId(setSettings({ sn: sn(), settings: { MinSoc: 20, ExportLimit: 3.5 } }));
    expect((await detail(id)).result).toMatchObject({ id, sn: sn(), state: 'queued', type: 'setting.set', createdBy: owner.username });

    const device = await connectDatalogger(fleet);
    await expect.poll(() => device.received.length, WAIT).toBe(1);
    const sent = device.received[0] as { expiresAt: number };
    expect(sent).toEqual({ id, type: 'setting.set', device: sn(), params: { MinSoc: 20, ExportLimit: 3.5 }, expiresAt: sent.expiresAt });
    expect(sent.expiresAt).toBeGreaterThan(Date.now() + COMMAND_TTL_MS - 60_000);
    await expect.poll(() => stateOf(id), WAIT).toBe('sent');

    await reply(device.client, fleet.dataloggerSn, { id, status: 'accepted' });
    await expect.poll(() => stateOf(id), WAIT).toBe('accepted');
    await reply(device.client, fleet.dataloggerSn, { id, status: 'progress', progress: 40 });
    await expect.poll(async () => (await detail(id)).result, WAIT).toMatchObject({ state: 'progress', progress: 40 });
    await reply(device.client, fleet.dataloggerSn, { id, status: 'done', result: { MinSoc: 20, ExportLimit: 3.5 } });
    await expect.poll(() => stateOf(id), WAIT).toBe('done');
    const done = (await detail(id)).result;
    expect(done).toMatchObject({ progress: 100, result: { MinSoc: 20, ExportLimit: 3.5 }, error: null });
    expect(done.finishedAt).toBeGreaterThanOrEqual(done.sentAt);
    expect(device.received).toHaveLength(1);

    // The change and who asked for it are in the operation log.
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'device.setting.set'));
    expect(entries.find((entry) => (entry.after as { commandId?: string }).commandId === id)).toMatchObject({
      actorId: owner.id,
      objectType: 'device',
      objectId: sn(),
    });
    await device.client.endAsync();
  });

  // Only Mosquitto takes a device's messages while the ingest is away (the embedded broker is the ingest).
  it.skipIf(broker === 'embedded')(
    'keeps the replies that arrive while the ingest is stopped, and applies them once it is back',
    async () => {
      const device = await connectDatalogger(fleet);
      const id = await commandId(setSettings({ sn: sn(), settings: { MinSoc: 25 } }));
      await expect.poll(() => device.received.length, WAIT).toBe(1);
      await expect.poll(() => stateOf(id), WAIT).toBe('sent');

      await ingest.stopDispatcher();
      await ingest.loop.close();
      await reply(device.client, fleet.dataloggerSn, { id, status: 'accepted' });
      await reply(device.client, fleet.dataloggerSn, { id, status: 'done', result: { MinSoc: 25 } });
      expect(await stateOf(id)).toBe('sent');

      ingest.loop = await startDataLoop(ingest.config, ingest.app.ingest, { info: () => {}, warn: () => {} });
      ingest.startDispatcher();
      await expect.poll(() => stateOf(id), WAIT).toBe('done');
      expect((await detail(id)).result).toMatchObject({ result: { MinSoc: 25 } });
      await device.client.endAsync();
    },
  );

  it('follows a failure, and counts and ignores replies of another datalogger, unknown ids, bad shapes and finished commands', async () => {
    const device = await connectDatalogger(fleet);
    const id = await commandId(setSettings({ sn: sn(), settings: { MaxSoc: 90 } }));
    await expect.poll(() => device.received.length, WAIT).toBe(1);
    const intruder = await connectDatalogger(other);
    const [unknownBefore, invalidBefore, notJsonBefore] = [
      await counted('unknownCommand'),
      await counted('invalid'),
      await counted('notJson'),
    ];
    await reply(intruder.client, other.dataloggerSn, { id, status: 'failed', error: 'not mine' });
    await reply(device.client, fleet.dataloggerSn, { id: 'not-a-uuid', status: 'done' });
    await reply(device.client, fleet.dataloggerSn, { id: '00000000-0000-4000-8000-000000000000', status: 'done' });
    await reply(device.client, fleet.dataloggerSn, { id, status: 'finished' });
    await reply(device.client, fleet.dataloggerSn, { id, status: 'progress', progress: 140 });
    await reply(device.client, fleet.dataloggerSn, 'not JSON');
    // Mosquitto acknowledges before the ingest has stored: wait for the figures.
    await expect.poll(() => counted('unknownCommand'), WAIT).toBe(unknownBefore + 3);
    await expect.poll(() => counted('invalid'), WAIT).toBe(invalidBefore + 2);
    await expect.poll(() => counted('notJson'), WAIT).toBe(notJsonBefore + 1);
    expect(await stateOf(id)).toBe('sent');

    await reply(device.client, fleet.dataloggerSn, { id, status: 'failed', error: 'MaxSoc: out of range' });
    await expect.poll(() => stateOf(id), WAIT).toBe('failed');
    await reply(device.client, fleet.dataloggerSn, { id, status: 'done' });
    await expect.poll(() => counted('unknownCommand'), WAIT).toBe(unknownBefore + 4);
    expect((await detail(id)).result).toMatchObject({ state: 'failed', error: 'MaxSoc: out of range' });
    await publish(intruder.client, uplinkTopic(other.dataloggerSn, 'status'), { online: false });
    await Promise.all([device.client.endAsync(), intruder.client.endAsync()]);
  });

  it('expires what is not taken up in time', async () => {
    const otherSn = other.devices[0]?.sn as string;
    await expect
      .poll(async () => (await t.database.db.select().from(datalogger).where(eq(datalogger.sn, other.dataloggerSn)))[0]?.online)
      .toBe(false);
    const id = await commandId(setSettings({ sn: otherSn, settings: { MinSoc: 25 } }, admin.token));
    t.clock.offsetMs += COMMAND_TTL_MS + 1_000;
    try {
      // A new command wakes the dispatcher, which expires the old one on its pass.
      await setSettings({ sn: otherSn, settings: { MinSoc: 26 } }, admin.token);
      await expect.poll(() => stateOf(id, admin.token), WAIT).toBe('expired');
    } finally {
      t.clock.offsetMs -= COMMAND_TTL_MS + 1_000;
    }
  });

  it('expires a command the device took up and then went silent on, and only then', async () => {
    const device = await connectDatalogger(fleet);
    const id = await commandId(setSettings({ sn: sn(), settings: { MinSoc: 27 } }));
    await expect.poll(() => device.received.length, WAIT).toBe(1);
    await reply(device.client, fleet.dataloggerSn, { id, status: 'progress', progress: 10 });
    await expect.poll(() => stateOf(id), WAIT).toBe('progress');
    await device.client.endAsync();
    const [command] = await t.database.db.select().from(deviceCommand).where(eq(deviceCommand.id, id));
    const deadline = (command as CommandRow).expiresAt.getTime();
    const lastHeard = (at: number) =>
      t.database.db
        .update(deviceCommand)
        .set({ updatedAt: new Date(at) })
        .where(eq(deviceCommand.id, id));
    const repo = createCommandRepo(t.database.db);
    const expiredAt = async (at: number) => (await repo.expire(new Date(at), SILENT_DEVICE_MS)).map((command) => command.id);
    // Past its deadline but heard from a second before it: open.
    await lastHeard(deadline - 1_000);
    expect(await expiredAt(deadline + 1)).not.toContain(id);
    // Silent for longer than a device may be, but not past its deadline: open. Past it: expired.
    await lastHeard(deadline - SILENT_DEVICE_MS - 1_000);
    expect(await expiredAt(deadline - 1)).not.toContain(id);
    expect(await expiredAt(deadline + 1)).toContain(id);
    expect(await stateOf(id)).toBe('expired');
  });

  it('sends a command once when no dispatcher ran as it was written and the first to claim it died sending it', async () => {
    await ingest.stopDispatcher();
    const device = await connectDatalogger(fleet);
    let first: string;
    try {
      // The API process writes the row; nothing sends it yet.
      first = await commandId(setSettings({ sn: sn(), settings: { MinSoc: 15 } }));
      // Another process claims it and dies as it publishes: its transaction ends with it, and the command waits again.
      const dying = new AbortController();
      let attempts = 0;
      await t.app.runCommandDispatcher(async () => {
        attempts += 1;
        dying.abort();
        throw new Error('process killed while sending');
      }, dying.signal);
      expect(attempts).toBe(1);
      expect(await stateOf(first)).toBe('queued');
      expect(device.received).toEqual([]);
    } finally {
      ingest.startDispatcher();
    }
    await expect.poll(() => stateOf(first), WAIT).toBe('sent');
    // A later command arriving proves later passes ran: the first went out exactly once.
    const second = await commandId(setSettings({ sn: sn(), settings: { MinSoc: 16 } }));
    await expect.poll(() => device.received.length, WAIT).toBe(2);
    expect(device.received.map((command) => command.id)).toEqual([first, second]);
    await device.client.endAsync();
  });

  it('gives up a pass whose broker never acknowledges, and sends its commands on a later one', async () => {
    await ingest.stopDispatcher();
    const device = await connectDatalogger(fleet);
    let id: string;
    try {
      id = await commandId(setSettings({ sn: sn(), settings: { MinSoc: 17 } }));
      // A broker that takes the command and never answers: the pass rolls back instead of holding its rows.
      const errors = captureLog(t.app.http.log, 'error').lines;
      const stop = new AbortController();
      const stuck = t.app.runCommandDispatcher(() => new Promise(() => {}), stop.signal, { publishTimeoutMs: 200 });
      await expect.poll(() => errors.some((line) => line.includes('no answer within 200 ms')), WAIT).toBe(true);
      stop.abort();
      await stuck;
      expect(await stateOf(id)).toBe('queued');
    } finally {
      ingest.startDispatcher();
    }
    await expect.poll(() => stateOf(id), WAIT).toBe('sent');
    expect(device.received.map((command) => command.id)).toEqual([id]);
    await device.client.endAsync();
  });

  it('a simulated datalogger applies a setting once however often it is sent, and reports what it holds', async () => {
    const definition = DEMO_FLEET.find((candidate) => candidate.battery) as (typeof DEMO_FLEET)[number];
    const simulatedPlant = withDatalogger(definition, simulated.dataloggerSn);
    const inverter = simulatedPlant.inverters[0]?.sn as string;
    const datalogger = new SimulatedDatalogger({ url: ingest.loop.brokerUrl, plant: simulatedPlant, secret: simulated.secret });
    await datalogger.start();
    try {
      // Its inventory registers its devices.
      await expect
        .poll(async () => (await t.database.db.select().from(deviceTable).where(eq(deviceTable.sn, inverter))).length, WAIT)
        .toBe(1);
      const finished = async (id: string) => {
        await expect.poll(() => stateOf(id, admin.token), WAIT).toMatch(/^(done|failed)$/);
        return (await detail(id, admin.token)).result;
      };
      const first = await commandId(setSettings({ sn: inverter, settings: { MinSoc: 20 } }, admin.token));
      expect(await finished(first)).toMatchObject({ state: 'done', result: { MinSoc: 20 } });
      const second = await commandId(setSettings({ sn: inverter, settings: { MinSoc: 30 } }, admin.token));
      expect(await finished(second)).toMatchObject({ state: 'done', result: { MinSoc: 30 } });

      // The first again, as a dispatcher that died after sending it and before marking it sent would send it.
      const before = await counted('unknownCommand');
      const [row] = await t.database.db.select().from(deviceCommand).where(eq(deviceCommand.id, first));
      await ingest.loop.publish(commandTopic(simulated.dataloggerSn), commandMessage(row as typeof deviceCommand.$inferSelect));
      // The device answers with its first reply (the platform counts and ignores it) and does not run it again.
      await expect.poll(() => counted('unknownCommand'), WAIT).toBe(before + 1);
      expect(await finished(first)).toMatchObject({ state: 'done', result: { MinSoc: 20 } });
      const read = await commandId(t.call('POST', '/c/v0/device/setting/get', { sn: inverter, keys: ['MinSoc'] }, { token: admin.token }));
      expect(await finished(read)).toMatchObject({ state: 'done', result: { MinSoc: 30 } });
    } finally {
      await datalogger.stop();
    }
  });
});

describe('device commands, whatever the broker', () => {
  let fleet: FleetPlant;
  const sn = () => fleet.devices[0]?.sn as string;
  beforeAll(async () => {
    fleet = await ownedPlant();
  });

  it('cancels a command not sent yet, and refuses to cancel one that was', async () => {
    const queued = await commandId(setSettings({ sn: sn(), settings: { MinSoc: 30 } }, admin.token));
    expect((await t.call('POST', '/c/v0/device/command/cancel', { id: queued }, { token: admin.token })).body.errno).toBe(0);
    expect(await stateOf(queued, admin.token)).toBe('cancelled');
    const sent = await commandId(setSettings({ sn: sn(), settings: { MinSoc: 31 } }, admin.token));
    // As a dispatcher leaves it (none runs here).
    await t.database.db.update(deviceCommand).set({ state: 'sent', sentAt: new Date() }).where(eq(deviceCommand.id, sent));
    expect((await t.call('POST', '/c/v0/device/command/cancel', { id: sent }, { token: admin.token })).body.errno).toBe(
      Errno.commandNotCancellable,
    );
    expect(await stateOf(sent, admin.token)).toBe('sent');
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
    await refused({}, 'validation.settingsEmpty');
    await refused({ MinSoc: 5 }, 'validation.socRange');
    await refused({ MinSoc: 60, MaxSoc: 50 }, 'validation.minSocAboveMax');
    await refused({ ExportLimit: 7000 }, 'validation.powerRange');
    await refused({ SchedulePeriods: [periodOf('02:00', '05:00'), periodOf('04:00', '06:00')] }, 'validation.periodsOverlap');
    await refused({ SchedulePeriods: [periodOf('23:00', '01:00'), periodOf('00:30', '02:00')] }, 'validation.periodsOverlap');
    await refused({ SchedulePeriods: [periodOf('02:00', '02:20')] }, 'validation.periodTooShort');
    await refused({ SchedulePeriods: [periodOf('02:00', '05:00', { fdSoc: 15 })] }, 'validation.fdSocBelowMin');
    await refused({ SchedulePeriods: [periodOf('02:00', '05:00', { maxSoc: 15 })] }, 'validation.minSocAboveMax');
    await refused({ SchedulePeriods: [periodOf('02:00', '05:00', { fdPwr: 6001 })] }, 'validation.periodPowerRange');
    await refused({ SchedulePeriods: [periodOf('02:00', '05:00', { fdPwr: 2500.5 })] }, 'validation.periodPowerRange');
    await refused({ SchedulePeriods: [periodOf('02:00', '05:00', { minSocOnGrid: 5 })] }, 'validation.socRange');
    await refused(
      {
        SchedulePeriods: Array.from({ length: 9 }, (_, i) =>
          periodOf(`${String(i * 2).padStart(2, '0')}:00`, `${String(i * 2 + 1).padStart(2, '0')}:00`),
        ),
      },
      'validation.periodsMax',
    );
    await refused({ Unknown: 1 }, 'validation.settingUnknown');
    const after = await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from device_command`);
    expect(after).toEqual(before);
  });
});
