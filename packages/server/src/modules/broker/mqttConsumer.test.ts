import { type AddressInfo, createServer } from 'node:net';
import fc from 'fast-check';
import { generate, parser as parser5 } from 'mqtt-packet';
import { describe, expect, it, vi } from 'vitest';
import { packetSize, readPublish, startMqttConsumer } from './mqttConsumer.ts';

/** PUBLISH packets as a broker writes them (mqtt-packet's encoder), with and without properties. */
const publish = fc.record({
  topic: fc.string({ minLength: 1, maxLength: 300, unit: 'grapheme' }),
  payload: fc.uint8Array({ maxLength: 70_000 }).map((bytes) => Buffer.from(bytes)),
  qos: fc.constantFrom<0 | 1 | 2>(0, 1, 2),
  messageId: fc.integer({ min: 1, max: 65_535 }),
  properties: fc.option(
    fc.record(
      {
        contentType: fc.string({ maxLength: 40 }),
        messageExpiryInterval: fc.integer({ min: 0, max: 2 ** 31 }),
        // mqtt-packet writes nothing for an empty set of user properties.
        userProperties: fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 10 }), { minKeys: 1, maxKeys: 3 }),
        subscriptionIdentifier: fc.integer({ min: 1, max: 268_435_455 }),
      },
      { requiredKeys: [] },
    ),
    { nil: undefined },
  ),
});
type Publish = typeof publish extends fc.Arbitrary<infer T> ? T : never;
const encode = (p: Publish) => generate({ cmd: 'publish', dup: false, retain: false, ...p }, { protocolVersion: 5 });

describe('reading PUBLISH packets in place', () => {
  it('reads topic, packet id and payload of any PUBLISH as mqtt-packet wrote it', () => {
    fc.assert(
      fc.property(publish, (p) => {
        const bytes = encode(p);
        expect(bytes.length).toBeGreaterThan(0);
        expect(packetSize(bytes, 0)).toBe(bytes.length);
        const read = readPublish(bytes);
        expect(read?.topic).toBe(p.topic);
        expect(read?.id).toBe(p.qos > 0 ? p.messageId : undefined);
        expect(read?.payload.equals(p.payload)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('finds the packets of a stream cut anywhere, waiting for the rest of a cut one', () => {
    fc.assert(
      fc.property(fc.array(publish, { minLength: 1, maxLength: 5 }), fc.nat(), (packets, cut) => {
        const stream = Buffer.concat(packets.map(encode));
        const at = cut % (stream.length + 1);
        // Whole packets before the cut are found; the one it cuts is not complete yet.
        let offset = 0;
        let whole = 0;
        for (;;) {
          const size = packetSize(stream.subarray(0, at), offset);
          if (size === undefined) break;
          offset += size;
          whole += 1;
        }
        let end = 0;
        let complete = 0;
        for (const bytes of packets.map(encode)) {
          end += bytes.length;
          if (end <= at) complete += 1;
        }
        expect(whole).toBe(complete);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses malformed packets', () => {
    // A remaining length of five bytes.
    expect(packetSize(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]), 0)).toBe(-1);
    // QoS 3.
    expect(readPublish(Buffer.from([0x36, 0x04, 0x00, 0x01, 0x61, 0x00]))).toBeUndefined();
    // A topic longer than the packet.
    expect(readPublish(Buffer.from([0x30, 0x03, 0x00, 0x09, 0x61]))).toBeUndefined();
    // Properties longer than the packet.
    expect(readPublish(Buffer.from([0x30, 0x04, 0x00, 0x01, 0x61, 0x09]))).toBeUndefined();
    // An empty topic (a topic alias, which the consumer never allows).
    expect(readPublish(Buffer.from([0x30, 0x03, 0x00, 0x00, 0x00]))).toBeUndefined();
    // No properties length at all.
    expect(readPublish(Buffer.from([0x30, 0x03, 0x00, 0x01, 0x61]))).toBeUndefined();
  });
});

/**
 * A broker that speaks just enough MQTT 5 (CONNACK, SUBACK) to write `stream` to the consumer cut
 * at the given offsets, a few milliseconds apart, and collects the packet ids of the PUBACKs it gets.
 */
async function brokerWriting(stream: Buffer, cuts: number[]) {
  const pubacks: number[] = [];
  const server = createServer((socket) => {
    const parser = parser5({ protocolVersion: 5 });
    parser.on('packet', async (packet) => {
      if (packet.cmd === 'connect')
        socket.write(generate({ cmd: 'connack', sessionPresent: false, reasonCode: 0 }, { protocolVersion: 5 }));
      if (packet.cmd === 'puback') pubacks.push(packet.messageId as number);
      if (packet.cmd !== 'subscribe') return;
      socket.write(generate({ cmd: 'suback', messageId: packet.messageId, granted: [1] }, { protocolVersion: 5 }));
      let at = 0;
      for (const cut of [...cuts.map((c) => c % stream.length).sort((a, b) => a - b), stream.length]) {
        socket.write(stream.subarray(at, cut));
        at = cut;
        await new Promise((resolve) => setTimeout(resolve, 4));
      }
    });
    socket.on('data', (bytes) => parser.parse(bytes));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`, pubacks, close: () => server.close() };
}

describe('the consumer on a connection', () => {
  it('hands over every message whole and acknowledges each once stored, however the stream is cut into reads', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ minLength: 1, maxLength: 3_000 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 20 }),
        async (payloads, cuts) => {
          const packets = payloads.map((payload, i) =>
            generate(
              {
                cmd: 'publish',
                topic: `dl/DL${i}/up/telemetry`,
                payload: Buffer.from(payload),
                qos: 1,
                messageId: i + 1,
                dup: false,
                retain: false,
              },
              { protocolVersion: 5 },
            ),
          );
          const broker = await brokerWriting(Buffer.concat(packets), cuts);
          const received: { topic: string; payload: Buffer }[] = [];
          let storeAll: (() => void) | undefined;
          const allReceived = new Promise<void>((resolve) => {
            storeAll = resolve;
          });
          // Messages are stored only once all have come: payloads must outlive the reads that brought them.
          const consumer = await startMqttConsumer({
            url: broker.url,
            clientId: 'test',
            topics: ['dl/+/up/#'],
            handle: async (topic, payload) => {
              received.push({ topic, payload });
              if (received.length === payloads.length) storeAll?.();
              await allReceived;
              return true;
            },
            log: { warn: () => {} },
          });
          try {
            await allReceived;
            await vi.waitFor(() => expect(broker.pubacks.length).toBe(payloads.length), { timeout: 2_000, interval: 5 });
            expect(received.map((m) => m.topic)).toEqual(payloads.map((_, i) => `dl/DL${i}/up/telemetry`));
            for (const [i, m] of received.entries()) expect(m.payload.equals(Buffer.from(payloads[i] as Uint8Array))).toBe(true);
            expect(broker.pubacks.sort((a, b) => a - b)).toEqual(payloads.map((_, i) => i + 1));
          } finally {
            await consumer.close();
            broker.close();
          }
        },
      ),
      // Each run is a connection: shrinking a failure would outlast the test timeout, so the first counterexample is shown.
      { numRuns: 25, endOnFailure: true },
    );
  });
});
