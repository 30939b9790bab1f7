import {
  eventPayload,
  faultOf,
  inventoryPayload,
  isStorableText,
  isTelemetryPayload,
  MAX_PAYLOAD_BYTES,
  MAX_VARIABLE_NAME,
  parseUplinkTopic,
  replyPayload,
  statusPayload,
  UPLINK_KINDS,
  type UplinkKind,
  unstorableTextPaths,
} from '@sunstack/shared';
import type { z } from 'zod';
import type { CommandsFromDevices } from '../command/module.ts';
import { deviceSecretMatches } from '../datalogger/secret.ts';
import type { Vars } from '../telemetry/energy.ts';
import type { DeviceSample, TelemetryRepo } from '../telemetry/repo.ts';
import { createDeviceCache } from './deviceCache.ts';
import type { IngestMetrics } from './metrics.ts';
import type { IngestRepo } from './repo.ts';
import { createWriteQueue } from './writeQueue.ts';

export interface IngestOptions {
  /** Messages waiting to be stored before publishers are held back. */
  maxQueuedMessages?: number;
  /** Samples per database transaction. */
  maxBatchSamples?: number;
  /** Samples older than this are refused (raw retention). */
  retentionDays?: number;
  now?: () => number;
  log?: { warn(message: string): void; error(error: unknown, message?: string): void };
}

/** A sample measured longer ago than this travels in the replay lane, behind live data. */
const LIVE_WINDOW_MS = 15 * 60_000;
const FUTURE_TOLERANCE_MS = 24 * 3_600_000;

/** Whether a sample's value is kept: a finite number under a name of acceptable length. */
const isAcceptedValue = (name: string, value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && name.length <= MAX_VARIABLE_NAME;
/**
 * The same, in a message holding \u escapes, the only way JSON carries text PostgreSQL cannot store
 * (U+0000, lone surrogates): one such name would fail its whole batch on every retry and stall every
 * datalogger's data. Only such messages pay for the look at each name.
 */
const isAcceptedEscapedValue = (name: string, value: unknown) => isAcceptedValue(name, value) && isStorableText(name);
const mayHoldUnstorableText = (jsonText: string) => jsonText.includes('\\u');

/**
 * The ingest: takes device messages from a broker, validates them, and stores them. `receive`
 * resolves once the message is durable (or dropped as invalid), so a broker can acknowledge it
 * then; no payload makes it reject, only a failing database. Telemetry goes through the write queue
 * (writeQueue.ts), where replayed history waits behind live data.
 */
export function createIngestService(
  deps: {
    telemetry: TelemetryRepo;
    repo: IngestRepo;
    metrics: IngestMetrics;
    /** Replies and connections the device commands wait for (none in benchmarks of the ingest alone). */
    commands?: CommandsFromDevices;
  },
  options: IngestOptions = {},
) {
  const { telemetry, repo, metrics, commands } = deps;
  const retentionMs = (options.retentionDays ?? 400) * 86_400_000;
  const now = options.now ?? Date.now;
  const log = options.log;
  const deviceCache = createDeviceCache(repo, now);
  const writeQueue = createWriteQueue(
    { telemetry, metrics },
    { maxQueuedMessages: options.maxQueuedMessages ?? 10_000, maxBatchSamples: options.maxBatchSamples ?? 5_000, now, log },
  );

  // Bound once: a label lookup hashes the labels on every call.
  const messagesOfKind = Object.fromEntries(UPLINK_KINDS.map((kind) => [kind, metrics.messages.labels({ kind })])) as Record<
    UplinkKind,
    { inc(): void }
  >;

  /**
   * The sample's values the platform keeps: finite numbers under acceptable names; the rest is
   * counted. Answers the object itself when all of it is kept (the usual case, no copy), or
   * undefined when nothing is.
   */
  function acceptedValues(values: Record<string, unknown>, isAccepted: typeof isAcceptedValue): Vars | undefined {
    let kept = 0;
    let total = 0;
    for (const name in values) {
      total += 1;
      if (isAccepted(name, values[name])) kept += 1;
    }
    if (kept < total) metrics.rejectedValues.inc({ reason: 'invalidValue' }, total - kept);
    if (kept === 0) return undefined;
    if (kept === total) return values as Vars;
    const copy: Vars = {};
    for (const name in values) if (isAccepted(name, values[name])) copy[name] = values[name] as number;
    return copy;
  }

  /** The text as JSON, or undefined (counted) when it is not JSON. */
  function json(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      metrics.rejectedMessages.inc({ reason: 'notJson' });
      return undefined;
    }
  }

  /** A message of a kind other than telemetry: refused whole (counted) when invalid or holding text the database cannot store. */
  function parse<T extends z.ZodType>(schema: T, payload: Buffer): z.infer<T> | undefined {
    const text = payload.toString('utf8');
    const value = json(text);
    if (value === undefined) return undefined;
    if (mayHoldUnstorableText(text) && unstorableTextPaths(value, 1).length > 0) {
      metrics.rejectedMessages.inc({ reason: 'invalid' });
      return undefined;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      metrics.rejectedMessages.inc({ reason: 'invalid' });
      return undefined;
    }
    return parsed.data;
  }

  async function onTelemetry(dataloggerSn: string, payload: Buffer) {
    const text = payload.toString('utf8');
    const message = json(text);
    if (message === undefined) return;
    // The telemetry schema's rules, checked by hand: this runs for every message.
    if (!isTelemetryPayload(message)) {
      metrics.rejectedMessages.inc({ reason: 'invalid' });
      return;
    }
    // Bad text drops only what holds it (protocol.md: per value, not per message): a name is a bad value, and
    // a device SN no device has, never looked up (the lookup would fail). Keys the ingest does not read stay unread.
    const escaped = mayHoldUnstorableText(text);
    const received = escaped ? message.samples.filter((sample) => isStorableText(sample.device)) : message.samples;
    if (received.length < message.samples.length) {
      metrics.rejectedValues.inc({ reason: 'unknownDevice' }, message.samples.length - received.length);
    }
    const sns = received.map((s) => s.device);
    const devices = deviceCache.cached(sns) ?? (await deviceCache.lookUp(sns));
    const samples: DeviceSample[] = [];
    const at = now();
    for (const sample of received) {
      const device = devices.get(sample.device);
      // A datalogger writes only for the devices it reported itself.
      if (!device || device.dataloggerSn !== dataloggerSn) {
        metrics.rejectedValues.inc({ reason: 'unknownDevice' });
        continue;
      }
      if (sample.ts > at + FUTURE_TOLERANCE_MS || sample.ts < at - retentionMs) {
        metrics.rejectedValues.inc({ reason: 'time' });
        continue;
      }
      const vars = acceptedValues(sample.vars, escaped ? isAcceptedEscapedValue : isAcceptedValue);
      if (!vars) continue;
      samples.push({ deviceId: device.id, plantId: device.plantId, ts: sample.ts, vars });
    }
    if (samples.length === 0) return;
    let newest = 0;
    for (const sample of samples) newest = Math.max(newest, sample.ts);
    await writeQueue.add({ samples, live: newest >= at - LIVE_WINDOW_MS });
  }

  async function onInventory(dataloggerSn: string, payload: Buffer) {
    const inventory = parse(inventoryPayload, payload);
    if (!inventory) return;
    const refused = await repo.upsertInventory(dataloggerSn, inventory);
    for (const device of inventory.devices) deviceCache.forget(device.sn);
    if (refused.length > 0) metrics.rejectedValues.inc({ reason: 'deviceOfAnotherDatalogger' }, refused.length);
  }

  async function onEvent(dataloggerSn: string, payload: Buffer) {
    const message = parse(eventPayload, payload);
    if (!message) return;
    const sns = message.events.map((e) => e.device);
    const devices = deviceCache.cached(sns) ?? (await deviceCache.lookUp(sns));
    const events = message.events.flatMap((event) => {
      const device = devices.get(event.device);
      if (!device || device.dataloggerSn !== dataloggerSn) {
        metrics.rejectedValues.inc({ reason: 'unknownDevice' });
        return [];
      }
      // A code the catalogue does not know is taken as a fault: better one alarm too many than one missed.
      const severity = faultOf(event.code)?.severity ?? 'fault';
      return [{ deviceId: device.id, ts: event.ts, code: event.code, state: event.state, severity }];
    });
    await repo.insertEvents(events);
  }

  async function onStatus(dataloggerSn: string, payload: Buffer) {
    const status = parse(statusPayload, payload);
    if (!status) return;
    await repo.setStatus(dataloggerSn, status, new Date(now()));
    // Commands waiting for this datalogger go out now.
    if (status.online) commands?.dataloggerOnline();
  }

  /** A reply moves its command on; one for no open command of this datalogger (unknown id, another SN) is counted and ignored. */
  async function onReply(dataloggerSn: string, payload: Buffer) {
    const reply = parse(replyPayload, payload);
    if (!reply) return;
    if (!(await commands?.reply(dataloggerSn, reply))) metrics.rejectedMessages.inc({ reason: 'unknownCommand' });
  }

  const handlers = { telemetry: onTelemetry, inventory: onInventory, event: onEvent, status: onStatus, reply: onReply };

  return {
    /** Whether `secret` is the one issued to datalogger `sn` at registration (MQTT CONNECT). */
    async authenticate(sn: string, secret: string): Promise<boolean> {
      const hash = await repo.secretHashOf(sn);
      return hash !== undefined && deviceSecretMatches(secret, hash);
    },

    /**
     * One message a datalogger published on `topic` (already authorised for `dataloggerSn` by the
     * broker). Resolves when it is stored, or dropped as invalid; rejects only when the database
     * failed (a device lookup, inventory, event or status write), and then the broker must not
     * acknowledge the message, so the datalogger sends it again. Telemetry batches retry by themselves.
     */
    async receive(dataloggerSn: string, topic: string, payload: Buffer): Promise<void> {
      const parsed = parseUplinkTopic(topic);
      if (!parsed || parsed.sn !== dataloggerSn) {
        metrics.rejectedMessages.inc({ reason: 'topic' });
        return;
      }
      messagesOfKind[parsed.kind].inc();
      if (payload.length > MAX_PAYLOAD_BYTES) {
        metrics.rejectedMessages.inc({ reason: 'tooLarge' });
        return;
      }
      try {
        await handlers[parsed.kind](dataloggerSn, payload);
      } catch (error) {
        metrics.rejectedMessages.inc({ reason: 'error' });
        log?.error(error, `ingest: ${parsed.kind} of ${dataloggerSn} failed; not acknowledged`);
        throw error;
      }
    },

    /** Resolves when everything queued is stored (shutdown, tests). */
    flush: writeQueue.flush,

    queued: writeQueue.queued,
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
