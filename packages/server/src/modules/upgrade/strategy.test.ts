import { createServer } from 'node:net';
import { Access, Errno } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DataLoop, startDataLoop } from '../../dataLoop.ts';
import { selectRows } from '../../db/rawSql.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { connectDatalogger, reply } from '../command/testDatalogger.ts';
import { imageOf, inverterFirmware, uploadFirmware } from '../firmware/testFirmware.ts';
import { inTriggerWindow, wavesOf } from './strategies.ts';

/**
 * Strategy upgrades (issue 20): 1,000 devices with 5 % injected failures abort on the failure threshold and nothing is
 * sent after; a wave that succeeds starts the next; pause and resume; a device offline during its wave is sent when it
 * returns; only the checker approves. Plain MQTT clients are the dataloggers: they answer every command at once.
 */
let t: TestApp;
let loop: DataLoop;
const stopDispatcher = new AbortController();
let admin: TestAccount;
let checker: TestAccount;
let firmwareId: number;
// Up to 60 s passed on PostgreSQL in CI for the 1,000-device strategy: room below the test's 120 s.
const WAIT = { timeout: 110_000, interval: 200 };
const clients: Awaited<ReturnType<typeof connectDatalogger>>[] = [];

/** The devices that fail their upgrade (a test names them, so which wave holds them is fixed). */
const failingSns = new Set<string>();
const failing = (sn: string) => failingSns.has(sn);

/** A datalogger that answers each firmware command at once: accepted, then done, or failed for the failing devices. */
async function answering(fleet: FleetPlant) {
  const device = await connectDatalogger(loop.brokerUrl, fleet);
  device.client.on('message', (_, payload) => {
    const command = JSON.parse(payload.toString()) as { id: string; device: string };
    void reply(device.client, fleet, { id: command.id, status: 'accepted' }).then(() =>
      reply(
        device.client,
        fleet,
        failing(command.device)
          ? { id: command.id, status: 'failed', error: 'flash verify failed' }
          : { id: command.id, status: 'done', result: { version: '1.50' } },
      ),
    );
  });
  clients.push(device);
  return device;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const port = await freePort();
  t = await startTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), t.app.ingest, { info: () => {}, warn: () => {} });
  void t.app.runCommandDispatcher(loop.publish, stopDispatcher.signal);
  admin = await t.createAccount(Access.admin);
  checker = await t.createAccount(Access.admin);
  firmwareId = (await uploadFirmware(t, admin, imageOf(50_000), inverterFirmware('1.50'))).result.id;
  await post('/c/v0/firmware/publish', { id: firmwareId });
});
afterAll(async () => {
  await Promise.all(clients.map((device) => device.client.endAsync()));
  stopDispatcher.abort();
  await loop.close();
  await t.close();
});

const post = async (path: string, body: unknown, account = admin) => (await t.call('POST', path, body, { token: account.token })).body;
const detail = async (id: number) =>
  (await t.call('GET', `/c/v0/upgrade/strategy/detail?id=${id}`, undefined, { token: admin.token })).body.result;
const commandsOf = async (taskId: number) =>
  (
    await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from device_command c where c.type = 'firmware.upgrade'
        and c.device_sn in (select device_sn from upgrade_device where task_id = ${taskId})`,
    )
  )[0]?.n ?? 0;
/** Lets every failed or expired upgrade's retry wait pass (a strategy's minutes are at least one; tests do not wait them). */
const retryWaitsPassed = () =>
  t.database.db.execute(sql`update device_command set finished_at = finished_at - interval '61 minutes'
    where type = 'firmware.upgrade' and state in ('failed', 'expired')`);
const strategyBody = (sns: string[], extra: Record<string, unknown> = {}) => ({
  name: 'Rollout 1.50',
  firmwareId,
  sns,
  mode: 'implement',
  waves: [1, 10, 100],
  successThreshold: 90,
  failureThreshold: 3,
  retries: 1,
  ratePerMinute: 1000,
  validFrom: Date.now() - 60_000,
  validTo: Date.now() + 3_600_000,
  checker: checker.username,
  ...extra,
});

describe('strategy rules', () => {
  it('splits devices into cumulative waves and keeps to a UTC window across midnight', () => {
    expect(wavesOf(10, [10, 50, 100])).toEqual([0, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    expect(wavesOf(1000, [1, 10, 100]).filter((wave) => wave === 0)).toHaveLength(10);
    expect(inTriggerWindow(Date.UTC(2026, 0, 1, 23, 30), '22:00', '02:00')).toBe(true);
    expect(inTriggerWindow(Date.UTC(2026, 0, 1, 12, 0), '22:00', '02:00')).toBe(false);
  });
});

describe('strategy upgrades', () => {
  it('over 1,000 devices with 5 % failures: the failure threshold aborts it, nothing is sent after, counts add up', async () => {
    const fleets = await Promise.all(Array.from({ length: 10 }, () => createFleetPlant(t.database.db, { devices: 100 })));
    for (const fleet of fleets) await answering(fleet);
    const sns = fleets.flatMap((fleet) => fleet.devices.map((device) => device.sn));
    // 5 % fail, none in the first wave (the first 10 in SN order, as waves are cut): it succeeds, the second
    // (up to the 100th) opens and its 5 failures pass the threshold of 3 %. Failures by SN at random left the
    // second wave under 3 % about one run in eight, and the last wave started.
    const sorted = [...sns].sort((a, b) => a.localeCompare(b));
    for (const [index, sn] of sorted.entries()) if (index % 20 === 19) failingSns.add(sn);
    const created = await post('/c/v0/upgrade/strategy/create', strategyBody(sns));
    expect(created).toMatchObject({ errno: 0, result: { devices: 1000, skipped: 0, refused: [] } });
    const { id } = created.result;
    const { task } = await detail(id);
    // Waiting for its checker: nothing goes out; the maker cannot approve it.
    expect((await detail(id)).status).toBe('waiting');
    expect((await post('/c/v0/upgrade/strategy/approve', { id })).errno).toBe(Errno.noPermission);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await commandsOf(task.id)).toBe(0);
    expect((await post('/c/v0/upgrade/strategy/approve', { id }, checker)).errno).toBe(0);

    await expect
      .poll(async () => {
        await retryWaitsPassed();
        return (await detail(id)).status;
      }, WAIT)
      .toBe('aborted');
    const sent = await commandsOf(task.id);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await commandsOf(task.id)).toBe(sent);
    const after = await detail(id);
    expect(after.statusReason).toMatch(/finished devices failed/);
    const { counts } = after.task;
    expect(counts.total).toBe(1000);
    expect(counts.waiting + counts.delivering + counts.upgrading + counts.completed + counts.failed + counts.skipped).toBe(1000);
    expect(counts.failed).toBeGreaterThan(0);
    // The last wave never started: the abort came while the first waves settled.
    expect(after.currentWave).toBeLessThan(2);
    expect(sent).toBeLessThan(200);
    for (const device of clients.splice(0)) await device.client.endAsync();
  }, 120_000);

  it("sends a failed device again only once the strategy's retry minutes have passed", async () => {
    const fleet = await createFleetPlant(t.database.db, { devices: 2 });
    const [good, bad] = fleet.devices.map((device) => device.sn) as [string, string];
    failingSns.add(bad);
    const datalogger = await answering(fleet);
    const created = await post('/c/v0/upgrade/strategy/create', strategyBody([good, bad], { waves: [100], retryMinutes: 2 }));
    const { id, task } = { id: created.result.id, task: (await detail(created.result.id)).task };
    expect((await detail(id)).retryMinutes).toBe(2);
    expect((await post('/c/v0/upgrade/strategy/approve', { id }, checker)).errno).toBe(0);
    await expect.poll(async () => (await detail(id)).task.counts.completed, WAIT).toBe(1);
    await expect.poll(() => datalogger.received.length, WAIT).toBe(2);
    // Three job passes later the failed device has not been sent again: its two minutes have not passed.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await commandsOf(task.id)).toBe(2);
    expect((await detail(id)).status).toBe('inProgress');
    await retryWaitsPassed();
    await expect.poll(() => commandsOf(task.id), WAIT).toBe(3);
    // It fails again with its one retry used up: the strategy ends.
    await expect.poll(async () => (await detail(id)).status, WAIT).toBe('completed');
    expect((await detail(id)).task.counts).toMatchObject({ completed: 1, failed: 1 });
    for (const device of clients.splice(0)) await device.client.endAsync();
  });

  it('starts the next wave when one succeeds, holds back while paused, and sends a device offline in its wave when it returns', async () => {
    const online = await createFleetPlant(t.database.db, { devices: 10 });
    const offline = await createFleetPlant(t.database.db, { devices: 10 });
    const good = (fleet: FleetPlant) => fleet.devices.map((device) => device.sn).filter((sn) => !failing(sn));
    await answering(online);
    const sns = [...good(online), ...good(offline)];
    const created = await post(
      '/c/v0/upgrade/strategy/create',
      strategyBody(sns, { waves: [10, 100], successThreshold: 100, failureThreshold: 50 }),
    );
    const { id } = created.result;
    expect((await post('/c/v0/upgrade/strategy/approve', { id }, checker)).errno).toBe(0);
    // The first wave succeeds, the second starts; the offline datalogger's devices wait.
    await expect.poll(async () => (await detail(id)).task.counts.completed, WAIT).toBe(good(online).length);
    const running = await detail(id);
    expect(running).toMatchObject({ status: 'inProgress', currentWave: 1 });
    expect(running.task.counts.waiting).toBe(good(offline).length);

    expect((await post('/c/v0/upgrade/strategy/pause', { id })).errno).toBe(0);
    expect((await post('/c/v0/upgrade/strategy/pause', { id })).errno).toBe(Errno.strategyNotInState);
    const returned = await answering(offline);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(returned.received).toEqual([]);
    expect((await post('/c/v0/upgrade/strategy/resume', { id })).errno).toBe(0);
    await expect.poll(async () => (await detail(id)).status, WAIT).toBe('completed');
    expect((await detail(id)).task.counts).toMatchObject({ total: sns.length, completed: sns.length, failed: 0 });
    expect(returned.received).toHaveLength(good(offline).length);
  });
  it("skips devices outside the strategy's SN, software and area limits, and sends on trigger once a device reports the version", async () => {
    const fleet = await createFleetPlant(t.database.db, { devices: 6 });
    const abroad = await createFleetPlant(t.database.db, { devices: 1 });
    await t.database.db.execute(sql`update plant set country = 'FR' where id = ${abroad.plantId}`);
    const sns = fleet.devices.map((device) => device.sn);
    // Two devices run 1.30, the rest 1.42; the strategy takes only those on 1.42, in Germany, with the fleet's SN prefix.
    await t.database.db.execute(sql`update device set firmware = '{"master": "1.30"}' where sn in (${sns[0]}, ${sns[1]})`);
    await t.database.db.execute(
      sql`update device set firmware = '{"master": "1.42"}' where sn in (${sns[2]}, ${sns[3]}, ${sns[4]}, ${sns[5]})`,
    );
    const prefix = (sns[0] as string).slice(0, 4);
    const created = await post(
      '/c/v0/upgrade/strategy/create',
      strategyBody([...sns, abroad.devices[0]?.sn as string], {
        waves: [100],
        successThreshold: 50,
        failureThreshold: 100,
        limits: { snPrefixes: [prefix.toLowerCase()], fromVersions: ['1.42'], countries: ['de'] },
        trigger: 'version',
        triggerVersion: '1.42',
      }),
    );
    expect(created.result).toMatchObject({ devices: 4, skipped: 3 });
    const { id } = created.result;
    const strategy = await detail(id);
    expect(strategy).toMatchObject({
      trigger: 'version',
      triggerVersion: '1.42',
      limits: { snPrefixes: [prefix.toLowerCase()], fromVersions: ['1.42'], countries: ['DE'] },
    });
    const skipped = await post('/c/v0/upgrade/devices', { id: strategy.task.id, state: 'skipped' });
    expect(skipped.result.devices.map((row: { skipReason: string }) => row.skipReason)).toEqual(Array(3).fill('strategyLimits'));
    // One of the four reports another version now (it changed since the strategy was made): it waits until it reports 1.42.
    await t.database.db.execute(sql`update device set firmware = '{"master": "1.44"}' where sn = ${sns[5]}`);
    const logger = await connectDatalogger(loop.brokerUrl, fleet);
    clients.push(logger);
    expect((await post('/c/v0/upgrade/strategy/approve', { id }, checker)).errno).toBe(0);
    await expect.poll(() => logger.received.length, WAIT).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(logger.received.map((command) => command.device).sort()).toEqual([sns[2], sns[3], sns[4]].sort());
    await t.database.db.execute(sql`update device set firmware = '{"master": "1.42"}' where sn = ${sns[5]}`);
    await expect.poll(() => logger.received.length, WAIT).toBe(4);
    expect(logger.received[3]?.device).toBe(sns[5]);
    await post('/c/v0/upgrade/strategy/cancel', { id });
  });

  it('notice only: sends nothing, and mails each owner of the devices it would upgrade once, their SNs in their language', async () => {
    const [first, second] = await Promise.all([
      createFleetPlant(t.database.db, { devices: 2 }),
      createFleetPlant(t.database.db, { devices: 2 }),
    ]);
    const ownerOf = async (fleet: FleetPlant) =>
      (
        await selectRows<{ id: string; email: string }>(
          t.database.db,
          sql`select a.id, a.email from plant p join account a on a.id = p.owner_id where p.id = ${fleet.plantId}`,
        )
      )[0] as { id: string; email: string };
    const [german, english] = [await ownerOf(first as FleetPlant), await ownerOf(second as FleetPlant)];
    await t.database.db.execute(sql`update account set language = 'de' where id = ${german.id}`);
    const sns = [...(first as FleetPlant).devices.map((device) => device.sn), (second as FleetPlant).devices[0]?.sn as string];
    const created = await post(
      '/c/v0/upgrade/strategy/create',
      strategyBody(sns, { mode: 'notice', purpose: 'Fixes the night-time restart.' }),
    );
    expect(created).toMatchObject({ errno: 0, result: { devices: 3 } });
    const strategy = await detail(created.result.id);
    expect(strategy.status).toBe('notice');
    const mails = await selectRows<{ recipient: string; subject: string; body: string }>(
      t.database.db,
      sql`select recipient, subject, body from mail_outbox where recipient in (${german.email}, ${english.email}) order by recipient`,
    );
    const to = (email: string) => mails.filter((mail) => mail.recipient === email);
    expect(to(german.email)).toHaveLength(1);
    expect(to(german.email)[0]?.subject).toBe('Firmware 1.50 ist für Ihre Geräte verfügbar');
    expect(to(german.email)[0]?.body).toContain([...sns.slice(0, 2)].sort().join('\n'));
    expect(to(english.email)).toHaveLength(1);
    expect(to(english.email)[0]?.body).toContain(`these devices of your plants:\n${sns[2]}\n`);
    expect(to(english.email)[0]?.body).toContain('Fixes the night-time restart.');
    expect(to(english.email)[0]?.body).not.toContain(sns[0]);
    // A plan only: the job never sends a notice strategy's commands.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await commandsOf(strategy.task.id)).toBe(0);
  });

  it('refuses the version trigger without its version', async () => {
    const answer = await post('/c/v0/upgrade/strategy/create', strategyBody(['X'], { trigger: 'version' }));
    expect(answer.errno).toBe(Errno.bodyInvalid);
    expect(answer.result.issues.map((issue: { message: string }) => issue.message)).toContain('strategy.triggerVersionRequired');
  });
});
