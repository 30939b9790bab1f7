import fc from 'fast-check';
import { generate } from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { packetSize, readPublish } from './mqttConsumer.ts';

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
