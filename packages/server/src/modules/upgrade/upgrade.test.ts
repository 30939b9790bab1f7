import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { Access, Errno, upgradeReasonOf } from '@sunstack/shared';
import { DEMO_FLEET, SimulatedDatalogger, withDatalogger } from '@sunstack/simulator';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DataLoop, startDataLoop } from '../../dataLoop.ts';
import { selectRows } from '../../db/rawSql.ts';
import { datalogger, device, plant } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { connectDatalogger, reply } from '../command/testDatalogger.ts';
import { imageOf, inverterFirmware, sha256Of, uploadFirmware } from '../firmware/testFirmware.ts';

/**
 * Upgrade tasks (issue 20) on the command path: what is sent and what is skipped with its reason, SNs out of scope
 * refused like missing ones, the device's download bound to its device and task (Range, closed when the command
 * is), live states and counts from the device's replies, a blacklisted version stopped at once, the after-sales
 * reset, and a simulated datalogger that downloads, verifies and restarts with the new version (or refuses a
 * tampered image). Dataloggers connect to the embedded broker.
 */
let t: TestApp;
let loop: DataLoop;
let base = '';
const stopDispatcher = new AbortController();
let admin: TestAccount;
let distributor: TestAccount;
let otherDistributor: TestAccount;
let north: FleetPlant;
let france: FleetPlant;
let south: FleetPlant;
let image: Buffer;
let firmwareId: number;
const WAIT = { timeout: 15_000, interval: 50 };

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Moves a fixture plant (and its datalogger) into a branch, and to a country. */
async function place(fleet: FleetPlant, organisationId: number, country = 'DE') {
  await t.database.db.update(plant).set({ organisationId, country }).where(eq(plant.id, fleet.plantId));
  await t.database.db.update(datalogger).set({ organisationId }).where(eq(datalogger.sn, fleet.dataloggerSn));
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await startTestApp({ PUBLIC_URL: base });
  loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), t.app.ingest, { info: () => {}, warn: () => {} });
  void t.app.runCommandDispatcher(loop.publish, stopDispatcher.signal);
  await t.app.http.listen({ port, host: '127.0.0.1' });
  admin = await t.createAccount(Access.admin);
  const northBranch = await t.createBranch('distributor', 'UPNORTH');
  const southBranch = await t.createBranch('distributor', 'UPSOUTH');
  distributor = await t.createAccount(Access.distributor, { organisationId: northBranch });
  otherDistributor = await t.createAccount(Access.distributor, { organisationId: southBranch });
  north = await createFleetPlant(t.database.db, { devices: 3 });
  france = await createFleetPlant(t.database.db, { devices: 1 });
  south = await createFleetPlant(t.database.db, { devices: 1 });
  await place(north, northBranch);
  await place(france, northBranch, 'FR');
  await place(south, southBranch);
  await t.database.db
    .update(device)
    .set({ firmware: { master: '1.50' } })
    .where(eq(device.sn, sn(north, 1)));
  image = imageOf(300_000);
  // For German plants only.
  const limits = [{ field: 'country', operator: 'eq', value: 'DE' }];
  firmwareId = (await uploadFirmware(t, admin, image, inverterFirmware('1.50', { limits }))).result.id;
  expect((await post('/c/v0/firmware/publish', { id: firmwareId })).errno).toBe(0);
});
afterAll(async () => {
  stopDispatcher.abort();
  await loop.close();
  await t.close();
});

const post = async (path: string, body: unknown, account = admin) => (await t.call('POST', path, body, { token: account.token })).body;
const get = async (path: string, account = admin) => (await t.call('GET', path, undefined, { token: account.token })).body;
const sn = (fleet: FleetPlant, index = 0) => fleet.devices[index]?.sn as string;
const devicesOf = async (id: number, account = admin) =>
  (await post('/c/v0/upgrade/devices', { id, pageSize: 50 }, account)).result as {
    task: { counts: Record<string, number> };
    devices: {
      sn: string;
      state: string;
      skipReason: string | null;
      progress: number | null;
      error: string | null;
      preVersion: string | null;
      timeZone: string | null;
    }[];
  };
const stateOf = async (id: number, deviceSn: string) => (await devicesOf(id)).devices.find((row) => row.sn === deviceSn);

/** A simulated datalogger with the demo fleet's first plant behind it, connected while `run` runs with its inverter's SN. */
async function withSimulatedInverter(run: (inverter: string) => Promise<void>) {
  const simulated = await createFleetPlant(t.database.db, { devices: 0 });
  const definition = withDatalogger(DEMO_FLEET[0] as (typeof DEMO_FLEET)[number], simulated.dataloggerSn);
  const inverter = definition.inverters[0]?.sn as string;
  const logger = new SimulatedDatalogger({ url: loop.brokerUrl, plant: definition, secret: simulated.secret, installMs: 50 });
  await logger.start();
  try {
    await expect.poll(async () => (await t.database.db.select().from(device).where(eq(device.sn, inverter))).length, WAIT).toBe(1);
    await run(inverter);
  } finally {
    await logger.stop();
  }
}

describe('upgrade tasks', () => {
  let taskId: number;
  let device: Awaited<ReturnType<typeof connectDatalogger>>;

  it('sends what the caller may operate, skips what the limits exclude or already runs it, refuses the rest like missing', async () => {
    const created = await post(
      '/c/v0/upgrade/create',
      { name: 'H1 1.50', firmwareId, sns: [sn(north, 0), sn(north, 1), sn(north, 2), sn(france), 'NO-SUCH-SN', sn(south)] },
      distributor,
    );
    expect(created).toMatchObject({ errno: 0, result: { sent: 2, skipped: 2, refused: ['NO-SUCH-SN', sn(south)] } });
    taskId = created.result.id;
    const { task, devices } = await devicesOf(taskId, distributor);
    expect(task.counts).toMatchObject({ total: 4, waiting: 2, skipped: 2, completed: 0, failed: 0 });
    expect(devices.map(({ sn, state, skipReason }) => [sn, state, skipReason])).toEqual(
      [
        [sn(north, 0), 'waiting', null],
        [sn(north, 1), 'skipped', 'sameVersion'],
        [sn(north, 2), 'waiting', null],
        [sn(france), 'skipped', 'limits'],
      ].sort(),
    );
    // Only two commands exist; the other branch sees neither the task nor its devices.
    const [commands] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from device_command where type = 'firmware.upgrade'`,
    );
    expect(commands?.n).toBe(2);
    expect((await post('/c/v0/upgrade/list', {}, otherDistributor)).result.total).toBe(0);
    expect((await post('/c/v0/upgrade/devices', { id: taskId }, otherDistributor)).errno).toBe(Errno.notFound);
    // A firmware in use by a running task is not deleted.
    expect((await post('/c/v0/firmware/delete', { id: firmwareId })).errno).toBe(Errno.firmwareInUse);
  });

  it('delivers a URL bound to the device and task, with Range, and follows the device to done and failed', async () => {
    device = await connectDatalogger(loop.brokerUrl, north);
    await expect.poll(() => device.received.length, WAIT).toBe(2);
    const bySn = new Map(
      device.received.map((command) => [command.device as string, command as { id: string; params: Record<string, unknown> }]),
    );
    const first = bySn.get(sn(north, 0)) as { id: string; params: { url: string; sha256: string; size: number } };
    expect(first.params).toMatchObject({ sha256: sha256Of(image), size: image.length, version: '1.50', target: 'master' });
    expect(first.params.url.startsWith(`${base}/c/v0/upgrade/fetch?token=`)).toBe(true);
    expect((await stateOf(taskId, sn(north, 0)))?.state).toBe('delivering');
    // A cut download resumes with Range.
    const rest = await fetch(first.params.url, { headers: { range: 'bytes=1000-' } });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 1000-${image.length - 1}/${image.length}`);
    expect(Buffer.from(await rest.arrayBuffer()).equals(image.subarray(1000))).toBe(true);
    const whole = Buffer.from(await (await fetch(first.params.url)).arrayBuffer());
    expect(sha256Of(whole)).toBe(sha256Of(image));
    // A token that names nothing opens nothing.
    expect((await fetch(`${base}/c/v0/upgrade/fetch?token=${'A'.repeat(43)}`)).status).toBe(404);

    await reply(device.client, north, { id: first.id, status: 'accepted' });
    await reply(device.client, north, { id: first.id, status: 'progress', progress: 40 });
    await expect.poll(async () => (await stateOf(taskId, sn(north, 0)))?.progress, WAIT).toBe(40);
    expect((await stateOf(taskId, sn(north, 0)))?.state).toBe('upgrading');
    await reply(device.client, north, { id: first.id, status: 'done', result: { version: '1.50' } });
    const second = bySn.get(sn(north, 2)) as { id: string };
    await reply(device.client, north, { id: second.id, status: 'failed', error: 'sha256 mismatch' });
    await expect
      .poll(async () => (await devicesOf(taskId)).task.counts, WAIT)
      .toMatchObject({ total: 4, completed: 1, failed: 1, skipped: 2, waiting: 0 });
    expect(await stateOf(taskId, sn(north, 2))).toMatchObject({ state: 'failed', error: 'sha256 mismatch' });
    // The command is finished: its URL no longer opens.
    expect((await fetch(first.params.url)).status).toBe(404);
  });

  it("resets a device's stuck upgrade with who and why, so it can be upgraded again", async () => {
    const again = await post('/c/v0/upgrade/create', { name: 'Retry', firmwareId, sns: [sn(north, 2)] });
    expect(again.result.sent).toBe(1);
    await expect.poll(() => device.received.length, WAIT).toBe(3);
    const command = device.received[2] as { id: string };
    await reply(device.client, north, { id: command.id, status: 'accepted' });
    await expect.poll(async () => (await stateOf(again.result.id, sn(north, 2)))?.state, WAIT).toBe('upgrading');
    // Stuck: a new task skips it as busy.
    const busy = await post('/c/v0/upgrade/create', { name: 'Busy', firmwareId, sns: [sn(north, 2)] });
    expect(busy.result).toMatchObject({ sent: 0, skipped: 1 });
    expect((await get(`/c/v0/upgrade/device?sn=${sn(north, 2)}`)).result.upgrades[0]).toMatchObject({ stuck: true, state: 'upgrading' });
    const reset = await post('/c/v0/upgrade/reset', { sn: sn(north, 2), reason: 'Device replaced its board' });
    expect(reset).toMatchObject({ errno: 0, result: { cleared: 1 } });
    expect(await stateOf(again.result.id, sn(north, 2))).toMatchObject({ state: 'failed', error: 'reset' });
    const [entry] = await selectRows<{ after: { reason: string } }>(
      t.database.db,
      sql`select after from audit_log where action = 'upgrade.reset' and object_id = ${sn(north, 2)}`,
    );
    expect(entry?.after.reason).toBe('Device replaced its board');
    // Nothing left to reset; and it can be upgraded again.
    expect((await post('/c/v0/upgrade/reset', { sn: sn(north, 2), reason: 'again' })).errno).toBe(Errno.upgradeNotStuck);
    expect((await post('/c/v0/upgrade/create', { name: 'After reset', firmwareId, sns: [sn(north, 2)] })).result.sent).toBe(1);
    await device.client.endAsync();
  });

  it('stops a blacklisted version at once: waiting devices are never sent it, and no task sends it again', async () => {
    const next = await uploadFirmware(t, admin, imageOf(200_000), inverterFirmware('1.60'));
    await post('/c/v0/firmware/publish', { id: next.result.id });
    // The south datalogger is offline: its command waits.
    const task = await post('/c/v0/upgrade/create', { name: 'South 1.60', firmwareId: next.result.id, sns: [sn(south)] });
    expect(task.result.sent).toBe(1);
    const listed = await post('/c/v0/firmware/blacklist/set', { version: '1.60', series: 'h1', reason: 'Bricks AFCI boards' });
    expect(listed).toMatchObject({ errno: 0, result: { stopped: 1 } });
    expect(await stateOf(task.result.id, sn(south))).toMatchObject({ state: 'failed', error: 'cancelled' });
    expect((await post('/c/v0/firmware/blacklist/set', { version: '1.60', series: 'H1', reason: 'twice' })).errno).toBe(
      Errno.blacklistExists,
    );
    expect((await post('/c/v0/upgrade/create', { name: 'Again', firmwareId: next.result.id, sns: [sn(south)] })).errno).toBe(
      Errno.firmwareBlacklisted,
    );
    expect((await get(`/c/v0/firmware/detail?id=${next.result.id}`)).result.blacklisted).toBe(true);
    // The datalogger comes online: nothing reaches it.
    const late = await connectDatalogger(loop.brokerUrl, south);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(late.received).toEqual([]);
    await late.client.endAsync();
    // Off the blacklist again, with its entry.
    const entries = (await post('/c/v0/firmware/blacklist/list', {})).result.entries;
    expect(entries[0]).toMatchObject({ version: '1.60', series: 'h1', reason: 'Bricks AFCI boards', operatedBy: admin.username });
    expect((await post('/c/v0/firmware/blacklist/delete', { id: entries[0].id })).errno).toBe(0);
  });
});

describe('a simulated datalogger', () => {
  it('downloads, verifies and restarts with the new version; a tampered image is refused and says why', async () => {
    await withSimulatedInverter(async (inverter) => {
      const task = await post('/c/v0/upgrade/create', { name: 'Simulated', firmwareId, sns: [inverter] });
      expect(task.result.sent).toBe(1);
      await expect.poll(async () => (await stateOf(task.result.id, inverter))?.state, WAIT).toBe('done');
      // Its inventory after the restart shows the new version.
      await expect
        .poll(
          async () =>
            (await t.database.db.select({ firmware: device.firmware }).from(device).where(eq(device.sn, inverter)))[0]?.firmware.master,
          WAIT,
        )
        .toBe('1.50');

      // A tampered image: the stored bytes no longer match the hash the command carries.
      const tampered = imageOf(100_000);
      const upload = await uploadFirmware(t, admin, tampered, inverterFirmware('1.70'));
      await post('/c/v0/firmware/publish', { id: upload.result.id });
      const hash = sha256Of(tampered);
      await writeFile(`${t.dataDir}/files/${hash.slice(0, 2)}/${hash}`, imageOf(100_000));
      const bad = await post('/c/v0/upgrade/create', { name: 'Tampered', firmwareId: upload.result.id, sns: [inverter] });
      await expect.poll(async () => (await stateOf(bad.result.id, inverter))?.state, WAIT).toBe('failed');
      expect((await stateOf(bad.result.id, inverter))?.error).toBe('sha256 mismatch');
      expect(
        (await t.database.db.select({ firmware: device.firmware }).from(device).where(eq(device.sn, inverter)))[0]?.firmware.master,
      ).toBe('1.50');
    });
  });
});

describe('module (datalogger) upgrades', () => {
  const moduleFirmware = (version: string) =>
    inverterFirmware(version, { name: `Module ${version}`, deviceType: 'module', firmwareType: 'module' });

  it('upgrades a datalogger itself: it downloads, restarts with the new version; out of scope is refused like missing', async () => {
    const simulated = await createFleetPlant(t.database.db, { devices: 0 });
    await place(simulated, (await t.database.db.select().from(plant).where(eq(plant.id, north.plantId)))[0]?.organisationId as number);
    const definition = withDatalogger(DEMO_FLEET[1] as (typeof DEMO_FLEET)[number], simulated.dataloggerSn);
    const logger = new SimulatedDatalogger({ url: loop.brokerUrl, plant: definition, secret: simulated.secret, rebootMs: 100 });
    await logger.start();
    try {
      const firmwareOf = async () =>
        (await t.database.db.select({ firmware: datalogger.firmware }).from(datalogger).where(eq(datalogger.sn, simulated.dataloggerSn)))[0]
          ?.firmware;
      await expect.poll(firmwareOf, WAIT).toBe(definition.datalogger.fw);
      const uploaded = await uploadFirmware(t, admin, imageOf(50_000), moduleFirmware('3.10'));
      await post('/c/v0/firmware/publish', { id: uploaded.result.id });
      // The other branch's distributor: the datalogger is not its own, answered like an SN that does not exist.
      const foreign = await post(
        '/c/v0/upgrade/create',
        { name: 'Foreign', firmwareId: uploaded.result.id, sns: [simulated.dataloggerSn] },
        otherDistributor,
      );
      expect(foreign.result).toMatchObject({ sent: 0, refused: [simulated.dataloggerSn] });
      // An inverter is no datalogger: a module task does not find it either.
      const task = await post(
        '/c/v0/upgrade/create',
        { name: 'Loggers to 3.10', firmwareId: uploaded.result.id, sns: [simulated.dataloggerSn, sn(north, 0)] },
        distributor,
      );
      expect(task.result).toMatchObject({ sent: 1, skipped: 0, refused: [sn(north, 0)] });
      await expect.poll(async () => (await stateOf(task.result.id, simulated.dataloggerSn))?.state, WAIT).toBe('done');
      // Its times belong to its plant's zone (a module's plant is its datalogger's).
      expect(await stateOf(task.result.id, simulated.dataloggerSn)).toMatchObject({
        preVersion: definition.datalogger.fw,
        timeZone: 'Europe/Berlin',
      });
      // After its restart it reports the new version, which the module list shows.
      await expect.poll(firmwareOf, WAIT).toBe('3.10');
      const listed = await post('/c/v0/upgrade/list', { deviceType: 'module' }, distributor);
      expect(listed.result.tasks.map((row: { name: string }) => row.name)).toContain('Loggers to 3.10');
      // Running it now, the datalogger is skipped: it already runs 3.10.
      const again = await post('/c/v0/upgrade/create', { name: 'Again', firmwareId: uploaded.result.id, sns: [simulated.dataloggerSn] });
      expect(again.result).toMatchObject({ sent: 0, skipped: 1 });
    } finally {
      await logger.stop();
    }
  });

  it('an image for another model is refused by the device, which says so', async () => {
    await withSimulatedInverter(async (inverter) => {
      // The platform's inventory names a model the device is not (a board swapped on site, not reported yet).
      await t.database.db.update(device).set({ model: 'OTHER-1' }).where(eq(device.sn, inverter));
      const limits = [{ field: 'model', operator: 'eq', value: 'OTHER-1' }];
      const uploaded = await uploadFirmware(t, admin, imageOf(20_000), inverterFirmware('1.80', { limits }));
      await post('/c/v0/firmware/publish', { id: uploaded.result.id });
      const task = await post('/c/v0/upgrade/create', { name: 'Other model', firmwareId: uploaded.result.id, sns: [inverter] });
      expect(task.result.sent).toBe(1);
      await expect.poll(async () => (await stateOf(task.result.id, inverter))?.state, WAIT).toBe('failed');
      expect((await stateOf(task.result.id, inverter))?.error).toMatch(/^wrong model/);
      expect(upgradeReasonOf((await stateOf(task.result.id, inverter))?.error ?? null)).toBe('wrongModel');
    });
  });

  it("opens a command's download while its dispatch pass has not committed (the command still queued)", async () => {
    const offline = await createFleetPlant(t.database.db, { devices: 1 });
    await place(offline, (await t.database.db.select().from(plant).where(eq(plant.id, north.plantId)))[0]?.organisationId as number);
    const task = await post('/c/v0/upgrade/create', { name: 'Queued', firmwareId, sns: [sn(offline, 0)] });
    expect(task.result.sent).toBe(1);
    const [command] = await selectRows<{ state: string; url: string }>(
      t.database.db,
      sql`select c.state, c.params->>'url' as url from upgrade_device u join device_command c on c.id = u.command_id
        where u.task_id = ${task.result.id}`,
    );
    expect(command?.state).toBe('queued');
    const response = await fetch(command?.url as string);
    expect(response.status).toBe(200);
    expect(sha256Of(Buffer.from(await response.arrayBuffer()))).toBe(sha256Of(image));
    // Withdrawn, it opens no more.
    await post('/c/v0/upgrade/delete', { ids: [task.result.id] });
    expect((await fetch(command?.url as string)).status).toBe(404);
  });
});
