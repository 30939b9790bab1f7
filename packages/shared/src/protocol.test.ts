import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTelemetryPayload, parseUplinkTopic, telemetryPayload } from './protocol.ts';

const SN = '123456789012345';

describe('parseUplinkTopic', () => {
  it.each([
    [`dl/${SN}/up/telemetry`, { sn: SN, kind: 'telemetry' }],
    [`dl/${SN}/up/status`, { sn: SN, kind: 'status' }],
    [`dl/${SN}/up/reply`, { sn: SN, kind: 'reply' }],
    [`dl/${SN}/up/telemetry/x`, null],
    [`dl/${SN}/up/`, null],
    [`dl/${SN}/down/cmd`, null],
    [`dl/${SN}/up/unknown`, null],
    [`dl/12345/up/telemetry`, null],
    [`dl//up/telemetry`, null],
    [`xdl/${SN}/up/telemetry`, null],
    [`dl/${SN}x/up/telemetry`, null],
    [`/dl/${SN}/up/telemetry`, null],
    ['dl', null],
    ['', null],
  ])('%s', (topic, expected) => {
    expect(parseUplinkTopic(topic)).toEqual(expected);
  });
});

/** Values near and at every rule of the schema, mixed with anything. */
const sample = fc.oneof(
  fc.record(
    {
      ts: fc.oneof(fc.integer({ min: 0, max: 8_640_000_000_000 }), fc.constantFrom(-1, 8_640_000_000_001, 1.5, Number.NaN), fc.string()),
      device: fc.oneof(fc.string({ minLength: 0, maxLength: 70 }), fc.integer(), fc.constant(null)),
      vars: fc.oneof(fc.dictionary(fc.string(), fc.double()), fc.array(fc.double()), fc.constant(null), fc.double(), fc.string()),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);
const payload = fc.oneof(
  fc.record(
    {
      seq: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)),
      samples: fc.oneof(fc.array(sample, { maxLength: 4 }), fc.anything()),
      other: fc.anything(),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);

describe('isTelemetryPayload', () => {
  it('accepts exactly what the telemetry schema accepts', () => {
    fc.assert(
      fc.property(payload, (value) => {
        expect(isTelemetryPayload(value)).toBe(telemetryPayload.safeParse(value).success);
      }),
      { numRuns: 5_000 },
    );
  });

  it('takes valid payloads, and at most 10,000 samples', () => {
    const one = { ts: 1, device: 'INV1', vars: { pvPower: 1 } };
    expect(isTelemetryPayload({ seq: 1, samples: [one] })).toBe(true);
    expect(isTelemetryPayload({ seq: 1, samples: Array(10_000).fill(one) })).toBe(true);
    expect(isTelemetryPayload({ seq: 1, samples: Array(10_001).fill(one) })).toBe(false);
    expect(telemetryPayload.safeParse({ seq: 1, samples: Array(10_001).fill(one) }).success).toBe(false);
  });
});
