import { Access, type Command, type CommandStreamEvent, Errno, uplinkTopic } from '@sunstack/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DataLoop, startDataLoop } from '../../dataLoop.ts';
import { selectRows } from '../../db/rawSql.ts';
import { deviceGrant, plant } from '../../db/schema.ts';
import { eventsOf } from '../../test/eventStream.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { signedHeaders, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { connectDevice, publish } from '../broker/testClients.ts';
import { COMMAND_TTL_MS } from './service.ts';
import { connectDatalogger as connectTo, reply } from './testDatalogger.ts';

/**
 * Commands on the console (issue 18): their states on the device's live stream for whoever sees the
 * device and nobody else, their operation log entries (before as last reported, after, the device's
 * answer), and the device configuration calls (config.set, reboot). A plain MQTT client is the device.
 */
let t: TestApp;
let loop: DataLoop;
let base = '';
const stopDispatcher = new AbortController();
let admin: TestAccount;
let owner: TestAccount;
let stranger: TestAccount;
let integrator: TestAccount;
let installer: TestAccount;
let fleet: FleetPlant;
let other: FleetPlant;
const quiet = { info: () => {}, warn: () => {} };
const STREAM = '/c/v0/device/command/stream';

beforeAll(async () => {
  t = await startTestApp();
  loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), t.app.ingest, quiet);
  void t.app.runCommandDispatcher(loop.publish, stopDispatcher.signal);
  base = await t.app.http.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.createAccount(Access.admin);
  owner = await t.createAccount(Access.endUser);
  stranger = await t.createAccount(Access.endUser);
  integrator = await t.createAccount(Access.integrator);
  installer = await t.createAccount(Access.installer);
  fleet = await createFleetPlant(t.database.db, { devices: 2 });
  other = await createFleetPlant(t.database.db);
  await t.database.db.update(plant).set({ ownerId: owner.id }).where(eq(plant.id, fleet.plantId));
  // The integrator sees the first device, without control.
  await t.database.db.insert(deviceGrant).values({ deviceSn: sn(), integratorId: integrator.id, canControl: false, grantedBy: owner.id });
});
afterAll(async () => {
  stopDispatcher.abort();
  await loop.close();
  await t.close();
});

const sn = () => fleet.devices[0]?.sn as string;
const otherSn = () => other.devices[0]?.sn as string;
const post = async (path: string, body: unknown, token: string) => (await t.call('POST', path, body, { token })).body;
const get = async (path: string, token: string) => (await t.call('GET', path, undefined, { token })).body;
const commandOf = async (body: unknown, path: string, token = owner.token) => {
  const answer = await post(path, body, token);
  expect(answer.errno, JSON.stringify(answer.result)).toBe(0);
  return answer.result.commandId as string;
};
const setSettings = (settings: unknown, token = owner.token, device = sn()) =>
  commandOf({ sn: device, settings }, '/c/v0/device/setting/set', token);

const connectDatalogger = (device: FleetPlant) => connectTo(loop.brokerUrl, device);
/** Waits until the datalogger got the command `id`, and answers it. */
async function answer(device: Awaited<ReturnType<typeof connectDatalogger>>, id: string, body: Record<string, unknown>) {
  await expect.poll(() => device.received.some((command) => command.id === id), { timeout: 10_000 }).toBe(true);
  await reply(device.client, fleet, { id, ...body });
}

/** A device's command stream as `token` opens it; `until` reads events until one holds the command in a state. */
async function openStream(device: string, token: string) {
  const abort = new AbortController();
  const path = `${STREAM}?sn=${encodeURIComponent(device)}`;
  const response = await fetch(`${base}${path}`, { headers: signedHeaders(STREAM, token, 'en'), signal: abort.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const next = eventsOf<CommandStreamEvent>(response);
  const seen: Command[] = [];
  return {
    next,
    seen,
    close: () => abort.abort(),
    async until(id: string, check: (command: Command) => boolean) {
      for (;;) {
        const event = await next();
        if (!event) throw new Error('the stream ended');
        seen.push(...event.commands);
        const command = event.commands.find((c) => c.id === id);
        if (command && check(command)) return command;
      }
    },
  };
}

/** The operation log entry of a command. */
async function entryOf(id: string) {
  const [entry] = await selectRows<{ action: string; actor_id: number; before: unknown; after: Record<string, unknown> }>(
    t.database.db,
    sql`select action, actor_id::int, before, after from audit_log where after->>'commandId' = ${id}`,
  );
  return entry;
}

describe("command states on the device's live stream", () => {
  it('answers a device out of scope exactly like a missing one, before any stream opens', async () => {
    const headers = signedHeaders(STREAM, stranger.token, 'en');
    const refused = await fetch(`${base}${STREAM}?sn=${sn()}`, { headers });
    const missing = await fetch(`${base}${STREAM}?sn=NO-SUCH-DEVICE`, { headers });
    expect(await refused.json()).toEqual({ errno: Errno.notFound, result: {} });
    expect(await missing.json()).toEqual({ errno: Errno.notFound, result: {} });
  });

  it('tells every state to each session that sees the device, and no command of it to anyone else', async () => {
    const ownerStream = await openStream(sn(), owner.token);
    const integratorStream = await openStream(sn(), integrator.token);
    // The same datalogger's other device, and another plant's: neither may hear of the first device's commands.
    const sibling = await openStream(fleet.devices[1]?.sn as string, owner.token);
    const elsewhere = await openStream(otherSn(), admin.token);
    for (const stream of [ownerStream, integratorStream, sibling, elsewhere]) expect(await stream.next()).toEqual({ commands: [] });
    const both = (id: string, check: (command: Command) => boolean) =>
      Promise.all([ownerStream.until(id, check), integratorStream.until(id, check)]);

    const id = await setSettings({ MinSoc: 20 });
    const [queued] = await both(id, () => true);
    expect(queued).toMatchObject({ id, sn: sn(), type: 'setting.set', params: { MinSoc: 20 }, createdBy: owner.username });
    const device = await connectDatalogger(fleet);
    await both(id, (command) => command.state === 'sent');
    await answer(device, id, { status: 'accepted' });
    await both(id, (command) => command.state === 'accepted');
    await reply(device.client, fleet, { id, status: 'progress', progress: 40 });
    await both(id, (command) => command.state === 'progress' && command.progress === 40);
    await reply(device.client, fleet, { id, status: 'done', result: { MinSoc: 20 } });
    const [done] = await both(id, (command) => command.state === 'done');
    expect(done).toMatchObject({ progress: 100, result: { MinSoc: 20 }, error: null });

    // A command of each of the other devices: their streams tell it, and told nothing before it.
    const siblingId = await setSettings({ MaxSoc: 90 }, owner.token, fleet.devices[1]?.sn);
    const elsewhereId = await setSettings({ MaxSoc: 90 }, admin.token, otherSn());
    await sibling.until(siblingId, () => true);
    await elsewhere.until(elsewhereId, () => true);
    expect(sibling.seen.map((command) => command.sn)).toEqual(sibling.seen.map(() => fleet.devices[1]?.sn));
    expect(elsewhere.seen.map((command) => command.sn)).toEqual(elsewhere.seen.map(() => otherSn()));
    for (const stream of [ownerStream, integratorStream]) expect(stream.seen.every((command) => command.sn === sn())).toBe(true);
    for (const stream of [ownerStream, integratorStream, sibling, elsewhere]) stream.close();
    await device.client.endAsync();
  });

  it('ends the stream of a session once the device leaves its scope', async () => {
    const stream = await openStream(sn(), integrator.token);
    await stream.next();
    await t.database.db.delete(deviceGrant).where(eq(deviceGrant.integratorId, integrator.id));
    try {
      await setSettings({ MinSoc: 25 });
      expect(await stream.next()).toBeUndefined();
    } finally {
      await t.database.db
        .insert(deviceGrant)
        .values({ deviceSn: sn(), integratorId: integrator.id, canControl: false, grantedBy: owner.id });
    }
  });
});

describe('the operation log of commands', () => {
  it('records who, what, the values before as the device last reported them, after, and the answer once it comes', async () => {
    const device = await connectDatalogger(fleet);
    // Never reported: unknown.
    const first = await setSettings({ ExportLimit: 4 });
    expect(await entryOf(first)).toMatchObject({
      action: 'device.setting.set',
      actor_id: owner.id,
      before: { ExportLimit: 'unknown' },
      after: { commandId: first, ExportLimit: 4 },
    });
    await answer(device, first, { status: 'done', result: { ExportLimit: 4 } });
    await expect.poll(async () => (await entryOf(first))?.after.answer).toEqual({ state: 'done', result: { ExportLimit: 4 } });

    // The device reads its settings out; a later change names those values as before.
    const read = await commandOf({ sn: sn() }, '/c/v0/device/setting/get');
    expect(await entryOf(read)).toMatchObject({ action: 'device.setting.get', before: null, after: { commandId: read } });
    await answer(device, read, { status: 'done', result: { MinSoc: 15, MaxSoc: 95, WorkMode: 'SelfUse', ExportLimit: 4 } });
    await expect.poll(async () => (await entryOf(read))?.after.answer).toMatchObject({ state: 'done' });
    const refused = await setSettings({ MaxSoc: 90, WorkMode: 'Backup', ExportLimit: 3 });
    expect((await entryOf(refused))?.before).toEqual({ MaxSoc: 95, WorkMode: 'SelfUse', ExportLimit: 4 });
    await answer(device, refused, { status: 'failed', error: 'WorkMode: Backup needs a battery' });
    await expect
      .poll(async () => (await entryOf(refused))?.after.answer)
      .toEqual({
        state: 'failed',
        error: 'WorkMode: Backup needs a battery',
      });

    // What the console knows without asking: the newest report of each key (the refused change applied nothing).
    const reported = (await get(`/c/v0/device/setting/reported?sn=${sn()}`, owner.token)).result;
    expect(reported).toMatchObject({
      sn: sn(),
      connected: true,
      controllable: true,
      timeZone: 'Europe/Berlin',
      settings: { MinSoc: { value: 15 }, MaxSoc: { value: 95 }, WorkMode: { value: 'SelfUse' }, ExportLimit: { value: 4 } },
      intervalSec: null,
    });
    const readAt = reported.settings.MinSoc.at as number;
    expect(reported.settings.MaxSoc.at).toBe(readAt);
    expect(reported.settings.ExportLimit.at).toBe(readAt);
    const applied = await setSettings({ MinSoc: 30 });
    await answer(device, applied, { status: 'done', result: { MinSoc: 30 } });
    await expect
      .poll(async () => (await get(`/c/v0/device/setting/reported?sn=${sn()}`, owner.token)).result.settings.MinSoc.value)
      .toBe(30);
    expect((await setSettings({ MinSoc: 35 }).then(entryOf))?.before).toEqual({ MinSoc: 30 });

    // Who sees the device reads it; who may not command it is told so; out of scope is missing.
    expect((await get(`/c/v0/device/setting/reported?sn=${sn()}`, integrator.token)).result).toMatchObject({ controllable: false });
    expect((await get(`/c/v0/device/setting/reported?sn=${sn()}`, stranger.token)).errno).toBe(Errno.notFound);
    await device.client.endAsync();
  });

  it('records expiry and cancelling as the answer', async () => {
    await publish(await connectDevice(loop.brokerUrl, other.dataloggerSn, other.secret), uplinkTopic(other.dataloggerSn, 'status'), {
      online: false,
    });
    const cancelled = await setSettings({ MinSoc: 40 }, admin.token, otherSn());
    expect((await post('/c/v0/device/command/cancel', { id: cancelled }, admin.token)).errno).toBe(0);
    expect((await entryOf(cancelled))?.after.answer).toEqual({ state: 'cancelled' });

    const expiring = await setSettings({ MinSoc: 45 }, admin.token, otherSn());
    t.clock.offsetMs += COMMAND_TTL_MS + 1_000;
    try {
      // A new command wakes the dispatcher, which expires the old one on its pass.
      await setSettings({ MinSoc: 46 }, admin.token, otherSn());
      await expect.poll(async () => (await entryOf(expiring))?.after.answer, { timeout: 10_000 }).toEqual({ state: 'expired' });
    } finally {
      t.clock.offsetMs -= COMMAND_TTL_MS + 1_000;
    }
    expect((await get(`/c/v0/device/setting/reported?sn=${otherSn()}`, admin.token)).result).toMatchObject({ connected: false });
  });
});

describe('device configuration: sampling interval and reboot', () => {
  const counts = () =>
    selectRows<{ commands: number; entries: number }>(
      t.database.db,
      sql`select (select count(*)::int from device_command) as commands, (select count(*)::int from audit_log) as entries`,
    );

  // The messages are keys of the web's translations (locales.test.ts holds them to all 12 languages).
  it('refuses a bad interval or body with the rule that failed, and sends nothing', async () => {
    const before = await counts();
    const refused = async (path: string, body: unknown, message: string) => {
      const answer = await post(path, body, admin.token);
      expect(answer.errno, JSON.stringify(body)).toBe(Errno.bodyInvalid);
      expect(answer.result.issues.map((issue: { message: string }) => issue.message)).toContain(message);
    };
    for (const intervalSec of [59, 3601, 300.5, '300', null, undefined]) {
      await refused('/c/v0/device/config/set', { sn: sn(), intervalSec }, 'validation.intervalRange');
    }
    await refused('/c/v0/device/config/set', { sn: '', intervalSec: 300 }, 'validation.required');
    await refused('/c/v0/device/reboot', { sn: sn(), force: true }, 'validation.invalid');
    await refused('/c/v0/device/reboot', {}, 'validation.invalid');
    expect(await counts()).toEqual(before);
  });

  it('sends config.set and reboot in the protocol shape, only for who may operate the device, and logs them', async () => {
    const device = await connectDatalogger(fleet);
    const interval = await commandOf({ sn: sn(), intervalSec: 600 }, '/c/v0/device/config/set', admin.token);
    await expect
      .poll(() => device.received.find((command) => command.id === interval), { timeout: 10_000 })
      .toMatchObject({
        type: 'config.set',
        device: sn(),
        params: { intervalSec: 600 },
      });
    expect(await entryOf(interval)).toMatchObject({
      action: 'device.config.set',
      before: { intervalSec: 'unknown' },
      after: { commandId: interval, intervalSec: 600 },
    });
    await answer(device, interval, { status: 'done', result: {} });
    await expect
      .poll(async () => (await get(`/c/v0/device/setting/reported?sn=${sn()}`, owner.token)).result.intervalSec)
      .toMatchObject({
        value: 600,
      });
    const next = await commandOf({ sn: sn(), intervalSec: 900 }, '/c/v0/device/config/set', admin.token);
    expect((await entryOf(next))?.before).toEqual({ intervalSec: 600 });

    const reboot = await commandOf({ sn: sn() }, '/c/v0/device/reboot', admin.token);
    await expect
      .poll(() => device.received.find((command) => command.id === reboot), { timeout: 10_000 })
      .toEqual({
        id: reboot,
        type: 'reboot',
        device: sn(),
        params: {},
        expiresAt: expect.any(Number),
      });
    expect(await entryOf(reboot)).toMatchObject({ action: 'device.reboot', before: null, after: { commandId: reboot } });

    // End users configure nothing (not even their own devices); others out of scope find no device; read-only is refused.
    expect((await post('/c/v0/device/reboot', { sn: sn() }, owner.token)).errno).toBe(Errno.noPermission);
    const missing = await post('/c/v0/device/reboot', { sn: 'NO-SUCH-DEVICE' }, installer.token);
    expect(missing.errno).toBe(Errno.notFound);
    expect(await post('/c/v0/device/reboot', { sn: sn() }, installer.token)).toEqual(missing);
    expect(await post('/c/v0/device/config/set', { sn: sn(), intervalSec: 300 }, installer.token)).toEqual(missing);
    expect((await post('/c/v0/device/reboot', { sn: sn() }, integrator.token)).errno).toBe(Errno.noPermission);
    await device.client.endAsync();
  });
});
