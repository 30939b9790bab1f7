import { connect as connectSocket } from 'node:net';
import { Access, uplinkTopic } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import type { IClientOptions } from 'mqtt';
import { generate, type Packet, parser } from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DataLoop, startDataLoop } from '../../dataLoop.ts';
import { selectRows } from '../../db/rawSql.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { signedHeaders, startTestApp, type TestApp } from '../../test/harness.ts';
import { connectDevice, metricValue, publish, TEST_METRICS_TOKEN } from '../broker/testClients.ts';

/**
 * The device protocol against the embedded broker: who may connect, publish and subscribe, and
 * what is stored. (The same rules for Mosquitto are tested with a real mosquitto process.)
 */
let t: TestApp;
let loop: DataLoop;
let plant: FleetPlant;
let other: FleetPlant;
const quiet = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TEST_METRICS_TOKEN });
  loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), t.app.ingest, quiet);
  plant = await createFleetPlant(t.database.db, { devices: 2 });
  other = await createFleetPlant(t.database.db);
});
afterAll(async () => {
  await loop.close();
  await t.close();
});

const connect = (sn: string, password: string, extra: IClientOptions = {}) => connectDevice(loop.brokerUrl, sn, password, extra);
const metric = (name: string) => metricValue(t.app.http, name);

describe('device protocol on the embedded broker', () => {
  it('refuses a wrong secret, an unknown SN and a client id that is not the user name', async () => {
    await expect(connect(plant.dataloggerSn, 'wrong-secret')).rejects.toThrow(/Not authorized|not authorised/i);
    await expect(connect('999999999999999', plant.secret)).rejects.toThrow(/Not authorized/i);
    await expect(connect(plant.dataloggerSn, plant.secret, { clientId: other.dataloggerSn })).rejects.toThrow(/Not authorized/i);
    const client = await connect(plant.dataloggerSn, plant.secret);
    await client.endAsync();
  });

  it('stores inventory and telemetry once, with non-finite values dropped and counted', async () => {
    const client = await connect(plant.dataloggerSn, plant.secret);
    const sn = plant.dataloggerSn;
    const connectedAt = Date.now();
    await publish(client, uplinkTopic(sn, 'status'), { online: true, fw: '1.2.3', ip: '10.0.0.2', signal: -61 });
    await publish(client, uplinkTopic(sn, 'inventory'), {
      ts: Date.now(),
      devices: [{ sn: `BAT${sn}`, type: 'battery', model: 'Fixture Battery', fw: { master: '2.0' } }],
    });
    const ts = Math.floor(Date.now() / 300_000) * 300_000;
    const samples = [
      { ts, device: `BAT${sn}`, vars: { SoC: 55, batTemperature: 21.5, bogus: 'x', ['n'.repeat(65)]: 1, chargeEnergyTotal: 10 } },
      { ts: ts - 300_000, device: `BAT${sn}`, vars: { SoC: 54, chargeEnergyTotal: 9.5 } },
    ];
    const rejectedBefore = await metric('sunstack_ingest_rejected_values_total{reason="invalidValue"}');
    // Published twice and out of order: each (device, ts) is stored once.
    await publish(client, uplinkTopic(sn, 'telemetry'), { seq: 1, samples });
    await publish(client, uplinkTopic(sn, 'telemetry'), { seq: 2, samples: [...samples].reverse() });

    const rows = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from telemetry t join device d on d.id = t.device_id where d.sn = ${`BAT${sn}`}`,
    );
    expect(rows[0]?.n).toBe(2);
    expect((await metric('sunstack_ingest_rejected_values_total{reason="invalidValue"}')) - rejectedBefore).toBe(4);
    const [status] = await selectRows<{ online: boolean; firmware: string }>(
      t.database.db,
      sql`select online, firmware from datalogger where sn = ${sn}`,
    );
    expect(status).toEqual({ online: true, firmware: '1.2.3' });
    // The datalogger list says so (issue 21 defect 10).
    const admin = await t.createAccount(Access.admin);
    const listed = await t.call('POST', '/c/v0/module/list', { sn, pageSize: 10 }, { token: admin.token });
    const [entry] = listed.body.result.dataloggers;
    expect(entry).toMatchObject({ sn, online: true, firmware: '1.2.3', signal: -61 });
    expect(entry.statusAt).toBeGreaterThanOrEqual(connectedAt - 1_000);
    await client.endAsync();
    // A clean disconnect leaves the datalogger offline.
    await expect
      .poll(
        async () => (await selectRows<{ online: boolean }>(t.database.db, sql`select online from datalogger where sn = ${sn}`))[0]?.online,
      )
      .toBe(false);
  });

  it("refuses another SN's topics, retained publishes and wildcard or foreign subscriptions", async () => {
    const client = await connect(plant.dataloggerSn, plant.secret);
    // mqtt.js rejects a SUBACK with any refusal; the codes are on the packet it carries.
    const suback = await client
      .subscribeAsync({
        [`dl/${plant.dataloggerSn}/down/cmd`]: { qos: 1 },
        [`dl/${plant.dataloggerSn}/down/#`]: { qos: 1 },
        [`dl/${other.dataloggerSn}/down/cmd`]: { qos: 1 },
        '$SYS/#': { qos: 0 },
        '#': { qos: 0 },
      })
      .catch((error: { packet: { granted: number[] } }) => error.packet);
    expect((suback as { granted: number[] }).granted).toEqual([1, 128, 128, 128, 128]);
    await client.endAsync();

    // Publishing for another datalogger closes the connection and stores nothing.
    for (const [topic, options] of [
      [uplinkTopic(other.dataloggerSn, 'status'), {}],
      [uplinkTopic(plant.dataloggerSn, 'status'), { retain: true }],
      ['dl/+/up/status', {}],
    ] as const) {
      const offender = await connect(plant.dataloggerSn, plant.secret);
      const closed = new Promise<void>((resolve) => offender.once('close', () => resolve()));
      offender.publish(topic, '{"online":true}', { qos: 1, ...options });
      await closed;
      offender.end(true);
    }
    const [row] = await selectRows<{ online: boolean }>(t.database.db, sql`select online from datalogger where sn = ${other.dataloggerSn}`);
    expect(row?.online).toBe(false);
  });

  it('refuses samples for devices of another datalogger, and counts malformed and oversized messages', async () => {
    const client = await connect(other.dataloggerSn, other.secret);
    const before = {
      unknown: await metric('sunstack_ingest_rejected_values_total{reason="unknownDevice"}'),
      invalid: await metric('sunstack_ingest_rejected_messages_total{reason="invalid"}'),
      notJson: await metric('sunstack_ingest_rejected_messages_total{reason="notJson"}'),
      tooLarge: await metric('sunstack_ingest_rejected_messages_total{reason="tooLarge"}'),
    };
    const foreignDevice = plant.devices[0]?.sn as string;
    await publish(client, uplinkTopic(other.dataloggerSn, 'telemetry'), {
      seq: 1,
      samples: [{ ts: Date.now(), device: foreignDevice, vars: { pvPower: 1 } }],
    });
    await publish(client, uplinkTopic(other.dataloggerSn, 'telemetry'), { seq: 'x' });
    await publish(client, uplinkTopic(other.dataloggerSn, 'telemetry'), '{not json');
    await publish(client, uplinkTopic(other.dataloggerSn, 'telemetry'), `"${'x'.repeat(300 * 1024)}"`);
    expect(await metric('sunstack_ingest_rejected_values_total{reason="unknownDevice"}')).toBe(before.unknown + 1);
    expect(await metric('sunstack_ingest_rejected_messages_total{reason="invalid"}')).toBe(before.invalid + 1);
    expect(await metric('sunstack_ingest_rejected_messages_total{reason="notJson"}')).toBe(before.notJson + 1);
    expect(await metric('sunstack_ingest_rejected_messages_total{reason="tooLarge"}')).toBe(before.tooLarge + 1);
    const [row] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from telemetry where device_id = ${plant.devices[0]?.id}`,
    );
    expect(row?.n).toBe(0);
    // The connection survived all of it.
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it('drops only the values and samples whose names the database cannot store, and refuses other kinds of message whole', async () => {
    const client = await connect(other.dataloggerSn, other.secret);
    const topic = (kind: 'telemetry' | 'inventory') => uplinkTopic(other.dataloggerSn, kind);
    const device = other.devices[0] as FleetPlant['devices'][number];
    const from = Math.floor(Date.now() / 300_000) * 300_000 - 3_600_000;
    const before = {
      invalidMessages: await metric('sunstack_ingest_rejected_messages_total{reason="invalid"}'),
      invalidValues: await metric('sunstack_ingest_rejected_values_total{reason="invalidValue"}'),
      unknownDevices: await metric('sunstack_ingest_rejected_values_total{reason="unknownDevice"}'),
    };
    // JSON.stringify writes U+0000 and a lone surrogate as \u escapes, which PostgreSQL refuses in jsonb and text.
    await publish(client, topic('telemetry'), {
      seq: 1,
      samples: [{ ts: from, device: device.sn, vars: { 'pv\u0000Power': 1, pvPower: 2 } }],
    });
    await publish(client, topic('telemetry'), {
      seq: 2,
      samples: [
        { ts: from + 300_000, device: device.sn, vars: { pvPower: 3, '\ud800': 1, 'x\udc00': 1 } },
        { ts: from + 300_000, device: `${device.sn}\u0000`, vars: { pvPower: 9 } },
      ],
      // Keys the platform does not read are not stored either.
      'note\u0000': 'x\ud800',
    });
    // A pair of surrogates is an ordinary character.
    await publish(client, topic('telemetry'), {
      seq: 3,
      samples: [{ ts: from + 600_000, device: device.sn, vars: { pvPower: 4, '\u{1F600}': 5 } }],
    });
    // The protocol drops bad values one by one in telemetry only: any other message holding such text is refused whole.
    await publish(client, topic('inventory'), { ts: from, devices: [{ sn: device.sn, type: 'inverter', model: 'Bad\u0000Model' }] });
    expect({
      invalidMessages: (await metric('sunstack_ingest_rejected_messages_total{reason="invalid"}')) - before.invalidMessages,
      invalidValues: (await metric('sunstack_ingest_rejected_values_total{reason="invalidValue"}')) - before.invalidValues,
      unknownDevices: (await metric('sunstack_ingest_rejected_values_total{reason="unknownDevice"}')) - before.unknownDevices,
    }).toEqual({ invalidMessages: 1, invalidValues: 3, unknownDevices: 1 });
    const rows = await selectRows<{ vars: Record<string, number> }>(
      t.database.db,
      sql`select vars from telemetry where device_id = ${device.id} and ts >= ${new Date(from)} and ts <= ${new Date(from + 600_000)} order by ts`,
    );
    expect(rows).toEqual([{ vars: { pvPower: 2 } }, { vars: { pvPower: 3 } }, { vars: { pvPower: 4, '\u{1F600}': 5 } }]);
    await client.endAsync();
  });

  it('stores numbers as JavaScript reads them, and ignores unknown keys PostgreSQL could not read', async () => {
    const client = await connect(other.dataloggerSn, other.secret);
    const topic = uplinkTopic(other.dataloggerSn, 'telemetry');
    const device = other.devices[0] as FleetPlant['devices'][number];
    const from = Math.floor(Date.now() / 300_000) * 300_000 - 2 * 3_600_000;
    const sample = (i: number, vars: string) => `{"ts":${from + i * 300_000},"device":"${device.sn}","vars":${vars}}`;
    // JavaScript reads 1e-400 as 0, PostgreSQL as out of double precision's range (rollups would fail on it).
    await publish(client, topic, `{"seq":1,"samples":[${sample(0, '{"pvPower":1e-400,"SoC":5}')}]}`);
    // Unknown keys are ignored, but PostgreSQL refuses this number, and nesting this deep, in JSON.
    await publish(client, topic, `{"seq":2,"note":1e999999,"samples":[${sample(1, '{"pvPower":7}')}]}`);
    await publish(client, topic, `{"seq":3,"note":${'['.repeat(100_000)}${']'.repeat(100_000)},"samples":[${sample(2, '{"pvPower":8}')}]}`);
    const rows = await selectRows<{ power: string }>(
      t.database.db,
      sql`select vars->>'pvPower' as power from telemetry
        where device_id = ${device.id} and ts >= ${new Date(from)} and ts < ${new Date(from + 900_000)} order by ts`,
    );
    expect(rows.map((row) => row.power)).toEqual(['0', '7', '8']);
    await client.endAsync();
  });

  it("pushes a plant's new data to its live stream, and only to accounts that see the plant", async () => {
    const base = await t.app.http.listen({ port: 0, host: '127.0.0.1' });
    const admin = await t.createAccount(Access.admin);
    const stranger = await t.createAccount(Access.endUser);
    const path = `/c/v0/plant/real/stream?id=${plant.plantId}`;
    const refused = await fetch(base + path, { headers: signedHeaders('/c/v0/plant/real/stream', stranger.token, 'en') });
    expect(await refused.json()).toEqual({ errno: 40404, result: {} });

    const abort = new AbortController();
    const response = await fetch(base + path, {
      headers: signedHeaders('/c/v0/plant/real/stream', admin.token, 'en'),
      signal: abort.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextEvent = async () => {
      while (!buffer.includes('\n\n')) buffer += decoder.decode((await reader.read()).value);
      const [event, ...rest] = buffer.split('\n\n');
      buffer = rest.join('\n\n');
      return JSON.parse((event as string).replace(/^data: /, ''));
    };
    expect((await nextEvent()).pv).not.toBe(4.25);

    const client = await connect(plant.dataloggerSn, plant.secret);
    const sample = { ts: Date.now(), device: plant.devices[0]?.sn, vars: { pvPower: 4.25, loadsPower: 1 } };
    await publish(client, uplinkTopic(plant.dataloggerSn, 'telemetry'), { seq: 9, samples: [sample] });
    expect(await nextEvent()).toMatchObject({ pv: 4.25, load: 1 });
    abort.abort();
    await client.endAsync();
  });

  // A datalogger back from an outage replays a day of one-second samples; another datalogger's live
  // samples go ahead of that history in the write queue (writeQueue.ts), so each waits for the batches
  // already being written, not for the replay: counted in the replay's acknowledgements meanwhile,
  // which no machine's speed changes. When the writers took batch after batch without letting I/O in,
  // PGlite kept the live messages unread until the replay's whole window (20-42 messages) was stored.
  it('lets live data of another datalogger and calls of the console through while a day-long replay is written', {
    timeout: 120_000,
  }, async () => {
    const caller = await t.createAccount(Access.endUser);
    const replaying = await createFleetPlant(t.database.db);
    const live = await createFleetPlant(t.database.db);
    const [replayClient, liveClient] = await Promise.all([
      connect(replaying.dataloggerSn, replaying.secret),
      connect(live.dataloggerSn, live.secret),
    ]);
    const samplesPerMessage = 1_440;
    const messages = 86_400 / samplesPerMessage;
    const dayStart = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000;
    let replayAcknowledged = 0;
    const replayDone = (async () => {
      const window: Promise<unknown>[] = [];
      for (let m = 0; m < messages; m += 1) {
        const samples = Array.from({ length: samplesPerMessage }, (_, i) => ({
          ts: dayStart + (m * samplesPerMessage + i) * 1_000,
          device: replaying.devices[0]?.sn,
          vars: { pvPower: i / 1_000, loadsPower: 1 },
        }));
        window.push(
          publish(replayClient, uplinkTopic(replaying.dataloggerSn, 'telemetry'), { seq: m, samples }).then(() => {
            replayAcknowledged += 1;
          }),
        );
        // Twenty unacknowledged at most, a datalogger's in-flight window.
        if (window.length >= 20) await window.shift();
      }
      await Promise.all(window);
    })();

    // Live samples, one message at a time, and a light call of the console, until the replay is stored.
    const replayWaits: number[] = [];
    const callWaits: number[] = [];
    let seq = 0;
    while (replayAcknowledged < messages) {
      const before = replayAcknowledged;
      const sample = { ts: Date.now(), device: live.devices[0]?.sn, vars: { pvPower: 1, loadsPower: 1 } };
      await Promise.all([
        publish(liveClient, uplinkTopic(live.dataloggerSn, 'telemetry'), { seq: seq++, samples: [sample] }).then(() =>
          replayWaits.push(replayAcknowledged - before),
        ),
        t.app.http
          .inject({ method: 'GET', url: '/c/v0/user/access', headers: signedHeaders('/c/v0/user/access', caller.token, 'en') })
          .then((answer) => {
            expect(answer.json()).toMatchObject({ errno: 0 });
            callWaits.push(replayAcknowledged - before);
          }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await replayDone;
    // Each live message waits for at most 15 replayed ones (below), so the 60 take at least 4 rounds of the loop: fewer
    // would mean live messages went unmeasured. How many more depends on the machine (5 on a fast one, session 32).
    expect(replayWaits.length).toBeGreaterThanOrEqual(Math.ceil(messages / 15));
    // Two batches being written of at most 5,000 samples (three replayed messages) each, the live
    // message's own batch, and acknowledgements of earlier batches still on their way: about 12.
    expect(Math.max(...replayWaits)).toBeLessThanOrEqual(15);
    expect(Math.max(...callWaits)).toBeLessThanOrEqual(15);
    const [stored] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from telemetry where device_id = ${replaying.devices[0]?.id as number}`,
    );
    expect(stored?.n).toBe(86_400);
    await Promise.all([replayClient.endAsync(), liveClient.endAsync()]);
  });

  it('stores the telemetry that arrives in one read with the inventory naming its devices', async () => {
    // A datalogger's connect sequence (status, inventory, its first samples) often lands in one TCP
    // read, whose packets Aedes handles side by side: the samples must wait for the inventory.
    const fresh = await createFleetPlant(t.database.db, { devices: 0 });
    const sn = fresh.dataloggerSn;
    const device = `INV${sn}`;
    const ts = Math.floor(Date.now() / 300_000) * 300_000;
    const socket = connectSocket(Number(new URL(loop.brokerUrl).port));
    const packets = parser();
    const received: Packet[] = [];
    packets.on('packet', (packet) => received.push(packet));
    socket.on('data', (data) => packets.parse(data));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      generate({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clean: true,
        keepalive: 60,
        clientId: sn,
        username: sn,
        password: Buffer.from(fresh.secret),
      }),
    );
    await expect.poll(() => received.some((packet) => packet.cmd === 'connack'), { timeout: 15_000 }).toBe(true);
    const messages = [
      { topic: uplinkTopic(sn, 'inventory'), body: { ts, devices: [{ sn: device, type: 'inverter', model: 'Fixture Inverter', fw: {} }] } },
      ...[2, 1, 0].map((age) => ({
        topic: uplinkTopic(sn, 'telemetry'),
        body: { seq: age, samples: [{ ts: ts - age * 300_000, device, vars: { pvPower: age } }] },
      })),
    ];
    // One write: the broker reads all four publishes at once.
    socket.write(
      Buffer.concat(
        messages.map(({ topic, body }, index) =>
          generate({ cmd: 'publish', topic, payload: JSON.stringify(body), qos: 1, messageId: index + 1, retain: false, dup: false }),
        ),
      ),
    );
    await expect.poll(() => received.filter((packet) => packet.cmd === 'puback').length, { timeout: 15_000 }).toBe(messages.length);
    const [stored] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from telemetry t join device d on d.id = t.device_id where d.sn = ${device}`,
    );
    expect(stored?.n).toBe(3);
    socket.end();
  });
});
