import { z } from 'zod';
import { epochMsSchema, MAX_EPOCH_MS } from './contracts/common.ts';
import { DEVICE_TYPES } from './contracts/device.ts';

/**
 * The datalogger protocol, version 1 (../shared/protocol.md): topics and payloads. The simulator
 * publishes exactly these shapes and the ingest validates them with the same schemas.
 */

export const DATALOGGER_SN = /^[0-9]{15}$/;

export const UPLINK_KINDS = ['status', 'inventory', 'telemetry', 'event', 'reply'] as const;
export type UplinkKind = (typeof UPLINK_KINDS)[number];

export const uplinkTopic = (sn: string, kind: UplinkKind) => `dl/${sn}/up/${kind}`;
export const commandTopic = (sn: string) => `dl/${sn}/down/cmd`;

const UPLINK_KIND_SET: ReadonlySet<string> = new Set(UPLINK_KINDS);

/** `dl/{sn}/up/{kind}` → its parts; anything else is null. (Read in place, not split: it runs for every message.) */
export function parseUplinkTopic(topic: string): { sn: string; kind: UplinkKind } | null {
  if (!topic.startsWith('dl/')) return null;
  const snEnd = topic.indexOf('/', 3);
  if (snEnd < 0 || !topic.startsWith('/up/', snEnd)) return null;
  const sn = topic.slice(3, snEnd);
  const kind = topic.slice(snEnd + 4);
  if (!UPLINK_KIND_SET.has(kind) || !DATALOGGER_SN.test(sn)) return null;
  return { sn, kind: kind as UplinkKind };
}

/** Cumulative energy counters (kWh): monotonic, a drop means the device reset its counter. */
export const ENERGY_COUNTERS = [
  'PVEnergyTotal',
  'generationTotal',
  'feedinTotal',
  'gridConsumptionTotal',
  'loadsTotal',
  'chargeEnergyTotal',
  'dischargeEnergyTotal',
] as const;
export type EnergyCounter = (typeof ENERGY_COUNTERS)[number];

/** The largest payload the platform reads; bigger ones are counted and dropped. */
export const MAX_PAYLOAD_BYTES = 256 * 1024;
/** A device sn inside a payload: the datalogger's own or one behind it. */
const MAX_DEVICE_SN = 64;
const deviceSn = z.string().min(1).max(MAX_DEVICE_SN);
const timestamp = epochMsSchema;
/** Samples (or events) one message carries at most. */
const MAX_SAMPLES_PER_MESSAGE = 10_000;

export const statusPayload = z.object({
  online: z.boolean(),
  fw: z.string().max(64).optional(),
  ip: z.string().max(64).optional(),
  signal: z.number().optional(),
});

export const inventoryPayload = z.object({
  ts: timestamp,
  devices: z
    .array(
      z.object({
        sn: deviceSn,
        type: z.enum(DEVICE_TYPES),
        model: z.string().max(64),
        ratedPower: z.number().nonnegative().max(1_000_000).optional(),
        fw: z
          .object({
            master: z.string().max(32).optional(),
            slave: z.string().max(32).optional(),
            manager: z.string().max(32).optional(),
            afci: z.string().max(32).optional(),
          })
          .default({}),
      }),
    )
    .max(256),
});

/** Longest variable name a sample may carry. */
export const MAX_VARIABLE_NAME = 64;

/**
 * Samples are checked per value, not per message (protocol.md): `vars` is any plain object here,
 * and the ingest keeps the finite numbers under names of at most MAX_VARIABLE_NAME characters and
 * counts the rest as rejected. (A zod record would rebuild every object: most of the ingest's cost.)
 */
const plainObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'expected an object',
);
export const telemetryPayload = z.object({
  seq: z.number().int(),
  samples: z.array(z.object({ ts: timestamp, device: deviceSn, vars: plainObject })).max(MAX_SAMPLES_PER_MESSAGE),
});

const isTimestamp = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_EPOCH_MS;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a parsed JSON value is a telemetry payload: exactly what `telemetryPayload` accepts (a
 * property test holds the two together), checked by hand because it runs for every message and a
 * zod parse rebuilds each object. The value is used as it came (unknown keys stay, unread).
 */
export function isTelemetryPayload(value: unknown): value is TelemetryPayload {
  // zod's int() is a safe integer.
  if (!isObject(value) || !Number.isSafeInteger(value.seq)) return false;
  const samples = value.samples;
  if (!Array.isArray(samples) || samples.length > MAX_SAMPLES_PER_MESSAGE) return false;
  for (const sample of samples) {
    if (!isObject(sample) || !isTimestamp(sample.ts) || !isObject(sample.vars)) return false;
    const device = sample.device;
    if (typeof device !== 'string' || device.length < 1 || device.length > MAX_DEVICE_SN) return false;
  }
  return true;
}

export const eventPayload = z.object({
  seq: z.number().int(),
  events: z
    .array(z.object({ ts: timestamp, device: deviceSn, code: z.number().int(), state: z.enum(['raised', 'cleared']) }))
    .max(MAX_SAMPLES_PER_MESSAGE),
});

export const replyPayload = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(['accepted', 'progress', 'done', 'failed']),
  progress: z.number().min(0).max(100).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.string().max(1024).optional(),
});

export const COMMAND_TYPES = ['setting.get', 'setting.set', 'firmware.upgrade', 'iv.scan', 'config.set', 'log.upload', 'reboot'] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

export const commandPayload = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(COMMAND_TYPES),
  device: deviceSn,
  params: z.record(z.string(), z.unknown()),
  expiresAt: timestamp,
});

export type StatusPayload = z.infer<typeof statusPayload>;
export type InventoryPayload = z.infer<typeof inventoryPayload>;
export type TelemetryPayload = z.infer<typeof telemetryPayload>;
export type EventPayload = z.infer<typeof eventPayload>;
export type ReplyPayload = z.infer<typeof replyPayload>;
export type CommandPayload = z.infer<typeof commandPayload>;
