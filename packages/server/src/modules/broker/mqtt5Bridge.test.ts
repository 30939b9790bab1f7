import { connect as tcpConnect } from 'node:net';
import { commandTopic, uplinkTopic } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { IClientOptions, MqttClient } from 'mqtt';
import { generate, type IConnectPacket, type Packet, parser as packetParser } from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type DataLoop, startDataLoop } from '../../dataLoop.ts';
import { selectRows } from '../../db/rawSql.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ReasonCode } from './mqtt5Bridge.ts';
import { connectDevice, connectDeviceWithConnack, publish } from './testClients.ts';

/**
 * MQTT 5 clients on the embedded broker (Aedes behind mqtt5Bridge.ts): the protocol's rules hold
 * for them as for MQTT 3.1.1 clients (ingest/protocol.test.ts), with MQTT 5's reason codes.
 */
let t: TestApp;
let loop: DataLoop;
let plant: FleetPlant;
let other: FleetPlant;
let port: number;
const quiet = { info: () => {}, warn: () => {} };

beforeAll(async () => {
  t = await startTestApp();
  loop = await startDataLoop(loadConfig({ MQTT_PORT: '0', LOG_LEVEL: 'silent' }), t.app.ingest, quiet);
  port = Number(new URL(loop.brokerUrl).port);
  plant = await createFleetPlant(t.database.db, { devices: 1 });
  other = await createFleetPlant(t.database.db);
});
afterAll(async () => {
  await loop.close();
  await t.close();
});

/** Connects with mqtt.js as MQTT 5 datalogger `sn`; the client and the broker's CONNACK. */
const connectV5 = (sn: string, password: string, extra: IClientOptions = {}) =>
  connectDeviceWithConnack(loop.brokerUrl, sn, password, { protocolVersion: 5, ...extra });

/** A bare MQTT 5 connection (mqtt-packet over a socket), for what mqtt.js will not send. */
async function rawConnection(sn: string, password: string, properties: IConnectPacket['properties'] = {}) {
  const socket = tcpConnect(port, '127.0.0.1');
  const parser = packetParser({ protocolVersion: 5 });
  const received: Packet[] = [];
  const waiting: ((packet: Packet | undefined) => void)[] = [];
  parser.on('packet', (packet: Packet) => {
    const take = waiting.shift();
    if (take) take(packet);
    else received.push(packet);
  });
  socket.on('data', (chunk) => parser.parse(chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  closed.then(() => {
    for (const take of waiting.splice(0)) take(undefined);
  });
  const connection = {
    socket,
    closed,
    send: (packet: Packet | Buffer) => socket.write(Buffer.isBuffer(packet) ? packet : generate(packet, { protocolVersion: 5 })),
    /** The broker's next packet; undefined once the connection has closed. */
    next: () =>
      received.length > 0 || socket.destroyed
        ? Promise.resolve(received.shift())
        : new Promise<Packet | undefined>((resolve) => waiting.push(resolve)),
  };
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  connection.send({
    cmd: 'connect',
    protocolId: 'MQTT',
    protocolVersion: 5,
    clean: true,
    clientId: sn,
    username: sn,
    password: Buffer.from(password),
    keepalive: 60,
    properties,
  });
  expect(await connection.next()).toMatchObject({ cmd: 'connack', reasonCode: ReasonCode.success });
  return connection;
}

async function dataloggerRow(sn: string) {
  const [row] = await selectRows<{ online: boolean; firmware: string | null; ip: string | null }>(
    t.database.db,
    sql`select online, firmware, ip from datalogger where sn = ${sn}`,
  );
  return row;
}

/** The broker's DISCONNECT to an mqtt.js client (its reason code), and the connection's end. */
function disconnectReason(client: MqttClient) {
  return new Promise<number | undefined>((resolve) => {
    let reasonCode: number | undefined;
    client.once('disconnect', (packet) => {
      reasonCode = packet.reasonCode;
    });
    client.once('close', () => resolve(reasonCode));
  });
}

describe('MQTT 5 on the embedded broker', () => {
  it('connects a datalogger with its secret, announces what it leaves out, and acknowledges telemetry once it is stored', async () => {
    const { client, connack } = await connectV5(plant.dataloggerSn, plant.secret);
    expect(connack.reasonCode).toBe(ReasonCode.success);
    expect(connack.properties).toMatchObject({
      retainAvailable: false,
      wildcardSubscriptionAvailable: false,
      sharedSubscriptionAvailable: false,
      subscriptionIdentifiersAvailable: false,
    });
    const sn = plant.dataloggerSn;
    const device = plant.devices[0] as FleetPlant['devices'][number];
    await publish(client, uplinkTopic(sn, 'status'), { online: true, fw: '5.0.0', ip: '10.5.0.1' });
    expect(await dataloggerRow(sn)).toEqual({ online: true, firmware: '5.0.0', ip: '10.5.0.1' });
    // QoS 2 as for 3.1.1 clients: stored before the PUBREC.
    await client.publishAsync(uplinkTopic(sn, 'status'), '{"online":true,"fw":"5.0.2"}', { qos: 2 });
    expect((await dataloggerRow(sn))?.firmware).toBe('5.0.2');
    const ts = Math.floor(Date.now() / 300_000) * 300_000;
    const puback = await publish(client, uplinkTopic(sn, 'telemetry'), {
      seq: 1,
      samples: [{ ts, device: device.sn, vars: { pvPower: 5.5 } }],
    });
    expect((puback as { reasonCode?: number } | undefined)?.reasonCode ?? 0).toBe(ReasonCode.success);
    // No waiting: the PUBACK came after the commit.
    const rows = await selectRows<{ power: string }>(
      t.database.db,
      sql`select vars->>'pvPower' as power from telemetry where device_id = ${device.id} and ts = ${new Date(ts)}`,
    );
    expect(rows).toEqual([{ power: '5.5' }]);
    await client.endAsync();
    await expect.poll(async () => (await dataloggerRow(sn))?.online).toBe(false);
  });

  it('refuses a wrong secret, an unknown SN, a client id that is not the user name and an authentication method', async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: { code?: number }) => error.code,
      );
    expect(await refusal(connectV5(plant.dataloggerSn, 'wrong-secret'))).toBe(ReasonCode.notAuthorized);
    expect(await refusal(connectV5('999999999999999', plant.secret))).toBe(ReasonCode.notAuthorized);
    expect(await refusal(connectV5(plant.dataloggerSn, plant.secret, { clientId: other.dataloggerSn }))).toBe(ReasonCode.notAuthorized);
    const withMethod = connectV5(plant.dataloggerSn, plant.secret, { properties: { authenticationMethod: 'SCRAM-SHA-1' } });
    expect(await refusal(withMethod)).toBe(ReasonCode.badAuthenticationMethod);
  });

  it("closes the connection of a publish to another SN's topic, a retained one and one to a wildcard, and stores nothing", async () => {
    for (const [topic, options, reason] of [
      [uplinkTopic(other.dataloggerSn, 'status'), {}, ReasonCode.notAuthorized],
      [uplinkTopic(plant.dataloggerSn, 'status'), { retain: true }, ReasonCode.retainNotSupported],
      ['dl/+/up/status', {}, ReasonCode.topicNameInvalid],
    ] as const) {
      const { client } = await connectV5(plant.dataloggerSn, plant.secret);
      const ended = disconnectReason(client);
      client.publish(topic, '{"online":true,"fw":"refused"}', { qos: 1, ...options });
      expect(await ended).toBe(reason);
      client.end(true);
    }
    expect(await dataloggerRow(other.dataloggerSn)).toMatchObject({ online: false });
    expect((await dataloggerRow(plant.dataloggerSn))?.firmware).not.toBe('refused');
  });

  it('grants only its own command topic, refusing wildcards, shared and foreign subscriptions with their reason codes', async () => {
    const { client } = await connectV5(plant.dataloggerSn, plant.secret);
    const suback = await client
      .subscribeAsync({
        [commandTopic(plant.dataloggerSn)]: { qos: 1 },
        [`dl/${plant.dataloggerSn}/down/#`]: { qos: 1 },
        [commandTopic(other.dataloggerSn)]: { qos: 1 },
        [`$share/ingest/${commandTopic(plant.dataloggerSn)}`]: { qos: 1 },
        '$SYS/#': { qos: 0 },
      })
      .then(
        () => undefined,
        (error: { packet: { granted: number[] } }) => error.packet.granted,
      );
    expect(suback).toEqual([
      1,
      ReasonCode.wildcardSubscriptionsNotSupported,
      ReasonCode.notAuthorized,
      ReasonCode.sharedSubscriptionsNotSupported,
      ReasonCode.wildcardSubscriptionsNotSupported,
    ]);
    // Refused subscriptions leave the connection up.
    expect(client.connected).toBe(true);
    await client.endAsync();
  });

  it('delivers commands, and keeps those sent while away for a session that outlives its connection', async () => {
    const sn = plant.dataloggerSn;
    const { client } = await connectV5(sn, plant.secret);
    await client.subscribeAsync(commandTopic(sn), { qos: 1 });
    const received = new Promise<string>((resolve) => client.once('message', (_topic, payload) => resolve(payload.toString())));
    await loop.publish(commandTopic(sn), '{"id":"c1"}');
    expect(await received).toBe('{"id":"c1"}');
    await client.endAsync();

    const kept = { clean: false, properties: { sessionExpiryInterval: 3_600 } };
    const first = await connectV5(sn, plant.secret, kept);
    expect(first.connack.sessionPresent).toBe(false);
    await first.client.subscribeAsync(commandTopic(sn), { qos: 1 });
    await first.client.endAsync();
    await loop.publish(commandTopic(sn), '{"id":"c2"}');
    const again = await connectV5(sn, plant.secret, kept);
    expect(again.connack.sessionPresent).toBe(true);
    expect(await new Promise<string>((resolve) => again.client.once('message', (_topic, payload) => resolve(payload.toString())))).toBe(
      '{"id":"c2"}',
    );
    await again.client.endAsync();
    // A session that expires with its connection is not resumed, whatever Clean Start says.
    const expiring = await connectV5(sn, plant.secret, { clean: false, properties: { sessionExpiryInterval: 0 } });
    expect(expiring.connack.sessionPresent).toBe(false);
    await expiring.client.endAsync();
  });

  it("holds commands back beyond the client's receive maximum and drops those over its maximum packet size", async () => {
    const sn = plant.dataloggerSn;
    const connection = await rawConnection(sn, plant.secret, { receiveMaximum: 1, maximumPacketSize: 200 });
    connection.send({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: commandTopic(sn), qos: 1 }] });
    expect(await connection.next()).toMatchObject({ cmd: 'suback', granted: [1] });
    await loop.publish(commandTopic(sn), `{"id":"${'x'.repeat(300)}"}`);
    await loop.publish(commandTopic(sn), '{"id":"first"}');
    await loop.publish(commandTopic(sn), '{"id":"second"}');
    const first = await connection.next();
    expect(first).toMatchObject({ cmd: 'publish', payload: Buffer.from('{"id":"first"}') });
    // The second waits for the first's PUBACK (the client takes one at a time).
    const second = connection.next();
    const early = await Promise.race([second, new Promise((resolve) => setTimeout(() => resolve('nothing yet'), 300))]);
    expect(early).toBe('nothing yet');
    connection.send({ cmd: 'puback', messageId: first?.messageId as number, reasonCode: 0 });
    expect(await second).toMatchObject({ cmd: 'publish', payload: Buffer.from('{"id":"second"}') });
    connection.socket.end();
    await connection.closed;
  });

  it('disconnects a client using a topic alias or AUTH, and stores nothing it sent that way', async () => {
    const sn = plant.dataloggerSn;
    const aliased = await rawConnection(sn, plant.secret);
    aliased.send({
      cmd: 'publish',
      topic: uplinkTopic(sn, 'status'),
      payload: '{"online":true,"fw":"alias"}',
      qos: 1,
      dup: false,
      retain: false,
      messageId: 1,
      properties: { topicAlias: 1 },
    });
    expect(await aliased.next()).toMatchObject({ cmd: 'disconnect', reasonCode: ReasonCode.topicAliasInvalid });
    await aliased.closed;
    expect((await dataloggerRow(sn))?.firmware).not.toBe('alias');

    const authenticating = await rawConnection(sn, plant.secret);
    authenticating.send({ cmd: 'auth', reasonCode: 0x18, properties: { authenticationMethod: 'SCRAM-SHA-1' } });
    expect(await authenticating.next()).toMatchObject({ cmd: 'disconnect', reasonCode: ReasonCode.protocolError });
    await authenticating.closed;
  });

  it('closes only the connection that sends malformed bytes, and serves MQTT 5 and 3.1.1 clients after it', async () => {
    const garbage = await rawConnection(plant.dataloggerSn, plant.secret);
    garbage.send(Buffer.from('this is not MQTT at all'));
    expect(await garbage.next()).toMatchObject({ cmd: 'disconnect', reasonCode: ReasonCode.malformedPacket });
    await garbage.closed;

    // A CONNECT at level 5 whose properties hold an identifier MQTT 5 does not define.
    const socket = tcpConnect(port, '127.0.0.1');
    let answered = 0;
    socket.on('data', (chunk) => {
      answered += chunk.length;
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const body = Buffer.from([0, 4, ...Buffer.from('MQTT'), 5, 0x02, 0, 60, 2, 0x7f, 0, 0, 1, 0x41]);
    socket.write(Buffer.concat([Buffer.from([0x10, body.length]), body]));
    await closed;
    // Closed unanswered: not even a CONNACK (which a CONNECT without credentials would have had).
    expect(answered).toBe(0);

    const v5 = await connectV5(other.dataloggerSn, other.secret);
    await publish(v5.client, uplinkTopic(other.dataloggerSn, 'status'), { online: true, ip: '10.5.0.2' });
    await v5.client.endAsync();
    const v4 = await connectDevice(loop.brokerUrl, other.dataloggerSn, other.secret);
    await publish(v4, uplinkTopic(other.dataloggerSn, 'status'), { online: true, ip: '10.4.0.2' });
    await v4.endAsync();
    expect((await dataloggerRow(other.dataloggerSn))?.ip).toBe('10.4.0.2');
  });

  it('survives random bytes or packets with a byte changed after a CONNECT, and CONNECT packets with a byte changed', async () => {
    const sn = other.dataloggerSn;
    const v5 = { protocolVersion: 5 };
    // Packets of every kind the bridge translates, each with one byte changed.
    const packets = [
      generate(
        {
          cmd: 'publish',
          topic: uplinkTopic(sn, 'event'),
          payload: '{}',
          qos: 1,
          dup: false,
          retain: false,
          messageId: 7,
          properties: { contentType: 'json', userProperties: { a: 'b' } },
        },
        v5,
      ),
      generate(
        {
          cmd: 'subscribe',
          messageId: 8,
          subscriptions: [
            { topic: commandTopic(sn), qos: 1, nl: true, rh: 1 },
            { topic: '#', qos: 0 },
          ],
        },
        v5,
      ),
      generate({ cmd: 'unsubscribe', messageId: 9, unsubscriptions: [commandTopic(sn), 'a/b'] }, v5),
      generate({ cmd: 'puback', messageId: 10, reasonCode: 0x10 }, v5),
      generate({ cmd: 'pubrel', messageId: 11, reasonCode: 0 }, v5),
      generate({ cmd: 'disconnect', reasonCode: 0x04, properties: { sessionExpiryInterval: 10 } }, v5),
    ];
    const changedPacket = fc.tuple(fc.constantFrom(...packets), fc.nat(), fc.integer({ min: 0, max: 255 })).map(([packet, at, value]) => {
      const changed = Buffer.from(packet);
      changed[at % changed.length] = value;
      return changed;
    });
    const input = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      changedPacket,
    );
    await fc.assert(
      fc.asyncProperty(input, async (bytes) => {
        const connection = await rawConnection(sn, other.secret);
        connection.send(bytes);
        connection.socket.end();
        await connection.closed;
      }),
      { numRuns: 60, seed: 16 },
    );
    const connect = generate(
      {
        cmd: 'connect',
        protocolVersion: 5,
        clean: true,
        clientId: sn,
        username: sn,
        password: Buffer.from(other.secret),
        keepalive: 60,
        will: { topic: uplinkTopic(sn, 'status'), payload: '{"online":false}', qos: 1, properties: { willDelayInterval: 5 } },
        properties: { sessionExpiryInterval: 60, receiveMaximum: 10, userProperties: { a: 'b' } },
      },
      v5,
    );
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: connect.length - 1 }), fc.integer({ min: 0, max: 255 }), async (at, value) => {
        const socket = tcpConnect(port, '127.0.0.1');
        socket.on('error', () => {});
        const changed = Buffer.from(connect);
        changed[at] = value;
        socket.end(changed);
        await new Promise<void>((resolve) => socket.once('close', () => resolve()));
      }),
      { numRuns: 60, seed: 16 },
    );
    const { client } = await connectV5(sn, other.secret);
    await publish(client, uplinkTopic(sn, 'status'), { online: true, ip: '10.5.9.9' });
    await client.endAsync();
    expect((await dataloggerRow(sn))?.ip).toBe('10.5.9.9');
  });

  it('publishes the last will when the connection is lost or the client disconnects with reason 0x04, not after a normal disconnect', async () => {
    const sn = other.dataloggerSn;
    const withWill = (ip: string): IClientOptions => ({
      will: { topic: uplinkTopic(sn, 'status'), payload: Buffer.from(`{"online":false,"ip":"${ip}"}`), qos: 1, retain: false },
    });

    const lost = await connectV5(sn, other.secret, withWill('10.5.1.1'));
    lost.client.stream.destroy();
    await expect.poll(async () => (await dataloggerRow(sn))?.ip, { timeout: 10_000 }).toBe('10.5.1.1');
    lost.client.end(true);

    const leaving = await connectV5(sn, other.secret, withWill('10.5.1.2'));
    await leaving.client.endAsync(false, { reasonCode: 0x04 });
    await expect.poll(async () => (await dataloggerRow(sn))?.ip, { timeout: 10_000 }).toBe('10.5.1.2');

    const normal = await connectV5(sn, other.secret, withWill('10.5.1.3'));
    await publish(normal.client, uplinkTopic(sn, 'status'), { online: true });
    await normal.client.endAsync();
    // The clean disconnect marks it offline (as for 3.1.1 clients) without the will's address.
    await expect.poll(async () => (await dataloggerRow(sn))?.online).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await dataloggerRow(sn))?.ip).toBe('10.5.1.2');
  });
});
