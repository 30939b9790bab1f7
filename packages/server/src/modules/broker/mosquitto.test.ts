import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Access, commandTopic, Errno, uplinkTopic } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { type DataLoop, startDataLoop } from '../../dataLoop.ts';
import { openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { selectRows } from '../../db/rawSql.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { signedHeaders, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { type IngestProcess, startIngestProcess } from '../../test/ingestProcess.ts';
import { connectDevice, metricValue, publish } from './testClients.ts';
import { ADMIN, externalConfig, freePort, type Mosquitto, provision, startMosquitto } from './testMosquitto.ts';

/**
 * The device protocol against a real Mosquitto running the shipped configuration
 * (deploy/mosquitto/mosquitto.conf), with dataloggers provisioned by Sunstack through the dynamic
 * security plugin and the ingest consuming as in production (dataLoop.ts, MQTT_URL). The same
 * rules against the embedded broker are in ingest/protocol.test.ts.
 */
const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const quiet = { info: () => {}, warn: () => {} };

const telemetryRows = async (db: TestApp['database']['db'], deviceId: number | undefined) =>
  (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from telemetry where device_id = ${deviceId}`))[0]?.n;

describe('device protocol on Mosquitto', () => {
  let t: TestApp;
  /** An API and ingest process on MQTT_URL, over the test's database. */
  let ingest: IngestProcess;
  let broker: Mosquitto;
  let app: App;
  let plant: FleetPlant;
  let other: FleetPlant;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await startTestApp();
    ingest = await startIngestProcess(t.database, 'mosquitto');
    ({ app, mosquitto: broker } = ingest as IngestProcess & { mosquitto: Mosquitto });
    plant = await createFleetPlant(t.database.db, { devices: 2 });
    other = await createFleetPlant(t.database.db);
    await ingest.provision(plant, other);
    admin = await t.createAccount(Access.admin);
  });
  afterAll(async () => {
    await ingest?.close();
    await t?.close();
  });

  const connect = (sn: string, password: string, extra: IClientOptions = {}) => connectDevice(broker.url, sn, password, extra);
  const metric = (name: string) => metricValue(app.http, name);
  const rows = (deviceId: number | undefined) => telemetryRows(t.database.db, deviceId);
  const dataloggerRow = async (sn: string) =>
    (
      await selectRows<{ online: boolean; firmware: string | null }>(
        t.database.db,
        sql`select online, firmware from datalogger where sn = ${sn}`,
      )
    )[0];

  it('refuses a wrong secret, an unknown SN, a client id that is not the user name, and anonymous clients', async () => {
    await expect(connect(plant.dataloggerSn, 'wrong-secret')).rejects.toThrow(/Not authorized/i);
    await expect(connect('999999999999999', plant.secret)).rejects.toThrow(/Not authorized/i);
    await expect(connect(plant.dataloggerSn, plant.secret, { clientId: other.dataloggerSn })).rejects.toThrow(/Not authorized/i);
    await expect(connect('anonymous', '', { username: undefined, password: undefined })).rejects.toThrow(/Not authorized/i);
    const client = await connect(plant.dataloggerSn, plant.secret);
    await client.endAsync();
  });

  it('stores inventory, status and telemetry, each sample once whatever comes twice or out of order', async () => {
    const sn = plant.dataloggerSn;
    const client = await connect(sn, plant.secret);
    await publish(client, uplinkTopic(sn, 'status'), { online: true, fw: '3.1.4' });
    await publish(client, uplinkTopic(sn, 'inventory'), {
      ts: Date.now(),
      devices: [{ sn: `BAT${sn}`, type: 'battery', model: 'Fixture Battery', fw: { master: '2.0' } }],
    });
    const ts = Math.floor(Date.now() / 300_000) * 300_000;
    const samples = [
      { ts, device: `BAT${sn}`, vars: { SoC: 55, chargeEnergyTotal: 10 } },
      { ts: ts - 300_000, device: `BAT${sn}`, vars: { SoC: 54, chargeEnergyTotal: 9.5 } },
    ];
    await publish(client, uplinkTopic(sn, 'telemetry'), { seq: 1, samples });
    await publish(client, uplinkTopic(sn, 'telemetry'), { seq: 2, samples: [...samples].reverse() });
    await publish(client, uplinkTopic(sn, 'telemetry'), { seq: 3, samples: [samples[1]] });
    await client.endAsync();

    const battery = async () =>
      (await selectRows<{ id: number }>(t.database.db, sql`select id from device where sn = ${`BAT${sn}`}`))[0]?.id;
    await expect.poll(battery).toBeDefined();
    await expect.poll(async () => rows(await battery())).toBe(2);
    await expect.poll(() => metric('sunstack_ingest_duplicate_samples_total')).toBeGreaterThanOrEqual(3);
    expect(await dataloggerRow(sn)).toEqual({ online: true, firmware: '3.1.4' });
  });

  it("refuses another SN's topics, wildcard and foreign subscriptions, and retained publishes", async () => {
    const otherBefore = await dataloggerRow(other.dataloggerSn);
    const client = await connect(plant.dataloggerSn, plant.secret);
    const suback = await client
      .subscribeAsync({
        [commandTopic(plant.dataloggerSn)]: { qos: 1 },
        [`dl/${plant.dataloggerSn}/down/#`]: { qos: 1 },
        [`dl/${plant.dataloggerSn}/down/+`]: { qos: 1 },
        'dl/+/down/#': { qos: 1 },
        'dl/#': { qos: 1 },
        [commandTopic(other.dataloggerSn)]: { qos: 1 },
        [`$share/steal/dl/${other.dataloggerSn}/up/#`]: { qos: 1 },
        '$SYS/#': { qos: 0 },
        '$CONTROL/dynamic-security/#': { qos: 0 },
        '#': { qos: 0 },
      })
      .catch((error: { packet: { granted: number[] } }) => error.packet);
    expect((suback as { granted: number[] }).granted).toEqual([1, 128, 128, 128, 128, 128, 128, 128, 128, 128]);
    await client.endAsync();

    // MQTT 5 hears why; 3.1.1 has no way to say it, and the message is dropped all the same.
    const v5 = await connect(plant.dataloggerSn, plant.secret, { protocolVersion: 5 });
    await expect(publish(v5, uplinkTopic(other.dataloggerSn, 'status'), { online: true, fw: 'foreign' })).rejects.toThrow(/Not authorized/);
    await expect(publish(v5, '$CONTROL/dynamic-security/v1', { commands: [{ command: 'listClients' }] })).rejects.toThrow(/Not authorized/);
    await v5.endAsync();
    const v3 = await connect(plant.dataloggerSn, plant.secret);
    await publish(v3, uplinkTopic(other.dataloggerSn, 'status'), { online: true, fw: 'foreign' });
    await v3.endAsync();

    // A retained publish, or a wildcard in a topic, closes the connection.
    for (const [topic, options] of [
      [uplinkTopic(plant.dataloggerSn, 'status'), { retain: true }],
      ['dl/+/up/status', {}],
    ] as const) {
      const offender = await connect(plant.dataloggerSn, plant.secret);
      const closed = new Promise<void>((resolve) => offender.once('close', () => resolve()));
      offender.publish(topic, '{"online":true,"fw":"retained"}', { qos: 1, ...options });
      await closed;
      offender.end(true);
    }

    // Whatever was refused stays refused: a message sent after it arrives, and the refused ones never did.
    const last = await connect(plant.dataloggerSn, plant.secret);
    await publish(last, uplinkTopic(plant.dataloggerSn, 'status'), { online: true, fw: 'after' });
    await last.endAsync();
    await expect.poll(async () => (await dataloggerRow(plant.dataloggerSn))?.firmware).toBe('after');
    expect(await dataloggerRow(other.dataloggerSn)).toEqual(otherBefore);
  });

  it('counts malformed and oversized payloads and samples of devices of another datalogger, and keeps going', async () => {
    const client = await connect(other.dataloggerSn, other.secret);
    const reasons = [
      'values_total{reason="unknownDevice"}',
      ...['invalid', 'notJson', 'tooLarge'].map((r) => `messages_total{reason="${r}"}`),
    ];
    const before = await Promise.all(reasons.map((reason) => metric(`sunstack_ingest_rejected_${reason}`)));
    const topic = uplinkTopic(other.dataloggerSn, 'telemetry');
    await publish(client, topic, { seq: 1, samples: [{ ts: Date.now(), device: plant.devices[0]?.sn, vars: { pvPower: 1 } }] });
    await publish(client, topic, { seq: 'x' });
    await publish(client, topic, '{not json');
    await publish(client, topic, `"${'x'.repeat(300 * 1024)}"`);
    await expect
      .poll(async () =>
        Promise.all(reasons.map((reason, i) => metric(`sunstack_ingest_rejected_${reason}`).then((n) => n - (before[i] ?? 0)))),
      )
      .toEqual([1, 1, 1, 1]);
    expect(await rows(plant.devices[0]?.id)).toBe(0);
    // The connection survived all of it, and the next good message is stored.
    await publish(client, topic, { seq: 2, samples: [{ ts: Date.now(), device: other.devices[0]?.sn, vars: { pvPower: 2 } }] });
    await expect.poll(() => rows(other.devices[0]?.id)).toBe(1);
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it('stores a day replayed after an outage completely, including what was cut off on the way', async () => {
    const device = plant.devices[1] as FleetPlant['devices'][number];
    const start = Math.floor(Date.now() / 300_000) * 300_000 - 288 * 300_000;
    const sample = (i: number) => ({ ts: start + i * 300_000, device: device.sn, vars: { pvPower: i / 10, PVEnergyTotal: 1000 + i } });
    const topic = uplinkTopic(plant.dataloggerSn, 'telemetry');
    const client = await connect(plant.dataloggerSn, plant.secret);
    await publish(client, topic, { seq: 1, samples: [sample(0)] });
    // The connection drops with messages on the way: some reached the broker, some not.
    for (let i = 1; i < 6; i += 1) client.publish(topic, JSON.stringify({ seq: 1 + i, samples: [sample(i)] }), { qos: 1 });
    client.stream.destroy();
    client.end(true);
    // Back online, the datalogger replays everything it holds no acknowledgement for, oldest first.
    const back = await connect(plant.dataloggerSn, plant.secret);
    for (let i = 1; i < 288; i += 48) {
      await publish(back, topic, { seq: 100 + i, samples: Array.from({ length: Math.min(48, 288 - i) }, (_, j) => sample(i + j)) });
    }
    await back.endAsync();
    await expect.poll(() => rows(device.id)).toBe(288);
  });

  it("stores a datalogger's telemetry messages side by side, many in one database batch", async () => {
    const device = plant.devices[0] as FleetPlant['devices'][number];
    const start = Math.floor(Date.now() / 300_000) * 300_000 - 3 * 86_400_000;
    const topic = uplinkTopic(plant.dataloggerSn, 'telemetry');
    const batchesBefore = await metric('sunstack_ingest_batch_samples_count');
    const client = await connect(plant.dataloggerSn, plant.secret);
    // 40 messages at once; one after another they would take a batch (and its linger) each.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        publish(client, topic, { seq: i, samples: [{ ts: start + i * 300_000, device: device.sn, vars: { pvPower: i } }] }),
      ),
    );
    await client.endAsync();
    const stored = async () =>
      (
        await selectRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from telemetry where device_id = ${device.id} and ts >= ${new Date(start)} and ts < ${new Date(start + 40 * 300_000)}`,
        )
      )[0]?.n;
    await expect.poll(stored, { timeout: 10_000 }).toBe(40);
    expect((await metric('sunstack_ingest_batch_samples_count')) - batchesBefore).toBeLessThan(10);
  });

  it('sends commands down to the datalogger, and its last will marks it offline', async () => {
    const sn = plant.dataloggerSn;
    const will = { topic: uplinkTopic(sn, 'status'), payload: Buffer.from('{"online":false}'), qos: 1 as const, retain: false };
    const client = await connect(sn, plant.secret, { will });
    await client.subscribeAsync(commandTopic(sn), { qos: 1 });
    const received = new Promise<string>((resolve) => client.once('message', (_, payload) => resolve(payload.toString())));
    const command = JSON.stringify({ id: 'c0ffee', type: 'reboot', device: sn, params: {}, expiresAt: Date.now() + 60_000 });
    await ingest.loop.publish(commandTopic(sn), command);
    expect(await received).toBe(command);

    await publish(client, uplinkTopic(sn, 'status'), { online: true });
    await expect.poll(async () => (await dataloggerRow(sn))?.online).toBe(true);
    client.stream.destroy();
    await expect.poll(async () => (await dataloggerRow(sn))?.online).toBe(false);
    client.end(true);
  });

  it('keeps what arrives while the ingest is away, across a restart of the broker', async () => {
    const device = other.devices[0] as FleetPlant['devices'][number];
    const before = (await rows(device.id)) ?? 0;
    await ingest.loop.close();
    await broker.restart();
    // Dataloggers are back first: the ingest's sessions must have kept their subscriptions.
    const client = await connect(other.dataloggerSn, other.secret);
    const ts = Date.now() - 60_000;
    await publish(client, uplinkTopic(other.dataloggerSn, 'telemetry'), {
      seq: 7,
      samples: [{ ts, device: device.sn, vars: { pvPower: 3 } }],
    });
    await client.endAsync();
    ingest.loop = await startDataLoop(ingest.config, app.ingest, quiet);
    await expect.poll(() => rows(device.id)).toBe(before + 1);
  });

  it("ends the ingest session's former catch-all subscription, so replies reach only the replies session", async () => {
    const sn = plant.dataloggerSn;
    // The ingest's session as versions before held it: subscribed to dl/+/up/#, replies included.
    const session = { clientId: 'sunstack-ingest-former', clean: false, protocolVersion: 5 as const, reconnectPeriod: 0 };
    const options = { ...session, username: ADMIN.username, password: ADMIN.password, properties: { sessionExpiryInterval: 3600 } };
    const former = await mqtt.connectAsync(broker.url, options);
    await former.subscribeAsync('dl/+/up/#', { qos: 1 });
    await former.endAsync();
    const loop = await startDataLoop(externalConfig(broker.url, { INGEST_INSTANCE: 'former' }), app.ingest, quiet);
    await loop.close();

    // While the session is away, a datalogger answers a command and reports its status.
    const device = await connect(sn, plant.secret);
    await publish(device, uplinkTopic(sn, 'reply'), { id: 'c0ffee', status: 'done' });
    await publish(device, uplinkTopic(sn, 'status'), { online: true });
    await device.endAsync();
    const topics: string[] = [];
    // Listening before it connects: what the session kept comes right after the CONNACK.
    const back = mqtt.connect(broker.url, options);
    back.on('message', (topic) => topics.push(topic));
    await expect.poll(() => topics).toContain(uplinkTopic(sn, 'status'));
    expect(topics).not.toContain(uplinkTopic(sn, 'reply'));
    await back.endAsync();
  });

  describe('provisioning by the platform', () => {
    const call = async (path: string, body: unknown, on = app) =>
      (
        await on.http.inject({
          method: 'POST',
          url: path,
          headers: { ...signedHeaders(path, admin.token, 'en'), 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
      ).json() as { errno: number; result: { sn: string; secret: string } };
    const registered = async (sn: string) =>
      (await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from datalogger where sn = ${sn}`))[0]?.n === 1;

    it('lets a registered datalogger connect with the secret it was given, and no longer once it is deleted', async () => {
      const sn = '731000000000001';
      const answer = await call('/c/v0/module/create', { sn });
      expect(answer.errno).toBe(0);
      await expect(connect(sn, 'not-the-secret')).rejects.toThrow(/Not authorized/i);
      const client = await connect(sn, answer.result.secret);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));

      expect((await call('/c/v0/module/delete', { sn })).errno).toBe(0);
      // Deleting ends its connection at once and refuses new ones.
      await closed;
      client.end(true);
      await expect(connect(sn, answer.result.secret)).rejects.toThrow(/Not authorized/i);
      expect(await registered(sn)).toBe(false);

      // Registered again, it gets a new secret; the old one stays refused.
      const again = await call('/c/v0/module/create', { sn });
      expect(again.errno).toBe(0);
      await expect(connect(sn, answer.result.secret)).rejects.toThrow(/Not authorized/i);
      await (await connect(sn, again.result.secret)).endAsync();
    });

    it('lets every datalogger of an imported spreadsheet connect with its secret', async () => {
      const ExcelJS = (await import('exceljs')).default;
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Dataloggers');
      sheet.addRow(['SN']);
      for (const sn of ['731000000000101', '731000000000102', '731000000000103']) sheet.addRow([sn]);
      const boundary = '----sunstack-test';
      const path = '/c/v0/module/import';
      const response = await app.http.inject({
        method: 'POST',
        url: path,
        headers: { ...signedHeaders(path, admin.token, 'en'), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dataloggers.xlsx"\r\n\r\n`),
          Buffer.from(await book.xlsx.writeBuffer()),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      const answer = response.json() as { errno: number; result: { secrets: { sn: string; secret: string }[] } };
      expect(answer.errno).toBe(0);
      expect(answer.result.secrets).toHaveLength(3);
      for (const { sn, secret } of answer.result.secrets) await (await connect(sn, secret)).endAsync();
    });

    it('answers brokerUnavailable and changes nothing when the broker cannot be reached', async () => {
      const unreachable = await buildApp({ config: externalConfig(`mqtt://127.0.0.1:${await freePort()}`), database: t.database });
      const sn = '731000000000201';
      expect((await call('/c/v0/module/create', { sn }, unreachable)).errno).toBe(Errno.brokerUnavailable);
      expect(await registered(sn)).toBe(false);

      // A datalogger the broker knows stays registered, and can still connect.
      const kept = await call('/c/v0/module/create', { sn });
      expect((await call('/c/v0/module/delete', { sn }, unreachable)).errno).toBe(Errno.brokerUnavailable);
      expect(await registered(sn)).toBe(true);
      await (await connect(sn, kept.result.secret)).endAsync();
      await unreachable.http.close();
    });
  });
});

describe('Mosquitto killed while the ingest is away', () => {
  let broker: Mosquitto;
  let t: TestApp;
  let app: App;
  let loop: DataLoop | undefined;

  beforeAll(async () => {
    broker = await startMosquitto();
    t = await startTestApp();
    app = await buildApp({ config: externalConfig(broker.url), database: t.database });
  });
  afterAll(async () => {
    // Left open by a failure, it would go on consuming from whichever broker takes the port next.
    await loop?.close();
    await app?.http.close();
    await t?.close();
    await broker?.stop();
  });

  // deploy/mosquitto/mosquitto.conf has Mosquitto save its store after every `autosave_interval` changes (a
  // message queued for the ingest's session is one): a crash loses at most what was acknowledged since the last
  // save, never more than that many messages, and what it keeps is everything up to that save.
  const interval = Number(/^autosave_interval (\d+)$/m.exec(readFileSync(join(REPO, 'deploy/mosquitto/mosquitto.conf'), 'utf8'))?.[1]);
  it('keeps every sample it acknowledged but for at most the last autosave_interval', {
    timeout: 60_000,
  }, async () => {
    expect(interval).toBeGreaterThan(0);
    const plant = await createFleetPlant(t.database.db);
    await provision(broker.url, plant);
    const device = plant.devices[0] as FleetPlant['devices'][number];
    const config = externalConfig(broker.url, { INGEST_INSTANCE: 'broker-crash' });
    // The ingest's session subscribes, then the ingest goes away: the broker queues for it.
    loop = await startDataLoop(config, app.ingest, quiet);
    await loop.close();
    loop = undefined;

    const client = await connectDevice(broker.url, plant.dataloggerSn, plant.secret);
    // Three and a half saves' worth (in tens, the messages in flight): what follows the last save is lost.
    const total = Math.round((3.5 * interval) / 10) * 10;
    const start = Math.floor(Date.now() / 60_000) * 60_000 - total * 60_000;
    let acknowledged = 0;
    for (let i = 0; i < total; i += 10) {
      // Ten in flight at a time, as a datalogger replaying what it holds.
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          publish(client, uplinkTopic(plant.dataloggerSn, 'telemetry'), {
            seq: i + j,
            samples: [{ ts: start + (i + j) * 60_000, device: device.sn, vars: { pvPower: (i + j) / 100 } }],
          }).then(() => {
            acknowledged += 1;
          }),
        ),
      );
    }
    expect(acknowledged).toBe(total);
    // Killed as soon as the last PUBACK is in: whatever it had not written is gone.
    await broker.crash();
    client.end(true);

    loop = await startDataLoop(config, app.ingest, quiet);
    const stored = async () =>
      (await selectRows<{ ts: Date }>(t.database.db, sql`select ts from telemetry where device_id = ${device.id} order by ts`)).map((row) =>
        new Date(row.ts).getTime(),
      );
    const expected = Array.from({ length: total }, (_, i) => start + i * 60_000);
    await expect.poll(async () => (await stored()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(total - interval);
    // Until the broker has handed over all it kept (no new row for half a second): everything that came before its last save.
    let kept = await stored();
    for (let before = -1; before !== kept.length; ) {
      before = kept.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
      kept = await stored();
    }
    expect(kept).toEqual(expected.slice(0, kept.length));
  });
});

/** A database two processes take turns on: a PGlite folder, or a fresh schema of DATABASE_URL. */
async function sharedDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dataDir = await mkdtemp(join(tmpdir(), 'sunstack-pglite-'));
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }), dispose: () => rm(dataDir, { recursive: true }) };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const inServer = async (statement: string) => {
    const server = await openDatabase({ url });
    await server.execute(statement);
    await server.close();
  };
  await inServer(`CREATE SCHEMA ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: withSchema.toString() },
    open: () => openDatabase({ url, schema }),
    dispose: () => inServer(`DROP SCHEMA ${schema} CASCADE`),
  };
}

describe('ingest process killed mid-stream', () => {
  let broker: Mosquitto;
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  const processes: ChildProcess[] = [];

  beforeAll(async () => {
    broker = await startMosquitto();
    database = await sharedDatabase();
  });
  afterAll(async () => {
    for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await broker?.stop();
    await database?.dispose();
  });

  /** The server as production starts it (main.ts), with only the ingest role, on the test's broker and database. */
  async function startIngest(): Promise<ChildProcess> {
    const { DATABASE_URL: _, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'packages/server/src/main.ts')], {
      cwd: REPO,
      env: {
        ...env,
        ...database.env,
        ROLES: 'ingest',
        MQTT_URL: broker.url,
        MQTT_ADMIN_USER: ADMIN.username,
        MQTT_ADMIN_PASSWORD: ADMIN.password,
        INGEST_INSTANCE: 'crash',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    processes.push(child);
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('"msg":"consuming')) resolve();
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => reject(new Error(`ingest process ended (${code}):\n${output}`)));
    });
    return child;
  }

  const ended = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

  /** Resolves once the broker holds no message any more: every session has acknowledged everything. */
  async function drained() {
    const watcher = await connectDevice(broker.url, ADMIN.username, ADMIN.password, { clientId: 'drain-watcher' });
    await watcher.subscribeAsync('$SYS/broker/store/messages/count');
    // The retained figure on subscribing may predate the last messages: only a fresh one counts.
    await new Promise<void>((resolve) =>
      watcher.on('message', (_, payload, packet) => {
        if (!packet.retain && payload.toString() === '0') resolve();
      }),
    );
    await watcher.endAsync();
  }

  it('loses no sample the broker acknowledged', { timeout: 240_000 }, async () => {
    const prepared = await database.open();
    await migrate(prepared);
    const plant = await createFleetPlant(prepared.db);
    await prepared.close();
    await provision(broker.url, plant);
    const device = plant.devices[0] as FleetPlant['devices'][number];

    const first = await startIngest();
    const client: MqttClient = await connectDevice(broker.url, plant.dataloggerSn, plant.secret);
    const total = 600;
    const start = Date.now() - total * 60_000;
    let acknowledged = 0;
    const send = async (from: number, to: number) => {
      for (let i = from; i < to; i += 10) {
        await Promise.all(
          Array.from({ length: Math.min(10, to - i) }, (_, j) =>
            publish(client, uplinkTopic(plant.dataloggerSn, 'telemetry'), {
              seq: i + j,
              samples: [{ ts: start + (i + j) * 60_000, device: device.sn, vars: { pvPower: (i + j) / 100 } }],
            }).then(() => {
              acknowledged += 1;
            }),
          ),
        );
      }
    };

    // Killed while the datalogger is sending and it works through what came: nothing of it is shut down cleanly.
    const sending = send(0, total);
    await expect.poll(() => acknowledged, { interval: 5, timeout: 20_000 }).toBeGreaterThanOrEqual(200);
    first.kill('SIGKILL');
    await ended(first);
    const second = await startIngest();
    await sending;
    await client.endAsync();
    expect(acknowledged).toBe(total);

    await drained();
    second.kill('SIGTERM');
    await ended(second);
    const check = await database.open();
    expect(await telemetryRows(check.db, device.id)).toBe(total);
    await check.close();
  });
});
