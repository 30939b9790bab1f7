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
import { deviceSecretMatches } from '../datalogger/secret.ts';
import type { Vars } from '../telemetry/energy.ts';
import type { DeviceSample, TelemetryRepo } from '../telemetry/repo.ts';
import type { IngestMetrics } from './metrics.ts';
import type { IngestRepo, KnownDevice } from './repo.ts';

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
/** Batches written at once under load: the database works on one while the next is gathered and sent. */
const WRITERS = 2;
/**
 * With fewer samples waiting, the writer lingers a moment for more: fewer, larger writes at a steady
 * rate of live messages (one sample each), while replayed history (many samples a message) is written
 * at once, by two writers.
 */
const LINGER_BELOW_SAMPLES = 500;
const LINGER_MS = 100;
/** Devices' plants are cached this long (inventory changes evict at once). */
const DEVICE_CACHE_MS = 60_000;
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

interface QueuedMessage {
  samples: DeviceSample[];
  live: boolean;
  done: () => void;
}

/**
 * The ingest: takes device messages from a broker, validates them, and stores them. `receive`
 * resolves once the message is durable (or dropped as invalid), so a broker can acknowledge it
 * then; no payload makes it reject, only a failing database. Telemetry goes through a bounded two-lane queue written in
 * batches; replayed history waits behind live data.
 */
export function createIngestService(
  deps: { telemetry: TelemetryRepo; repo: IngestRepo; metrics: IngestMetrics },
  options: IngestOptions = {},
) {
  const { telemetry, repo, metrics } = deps;
  const maxQueued = options.maxQueuedMessages ?? 10_000;
  const maxBatch = options.maxBatchSamples ?? 5_000;
  const retentionMs = (options.retentionDays ?? 400) * 86_400_000;
  const now = options.now ?? Date.now;
  const log = options.log;

  const live: QueuedMessage[] = [];
  const replay: QueuedMessage[] = [];
  const spaceWaiters: (() => void)[] = [];
  /**
   * Writers running, and who waits for none to be. A count, not a set of their promises: a set that
   * gains and loses an entry per batch makes V8 rehash its table each time, and a discarded table
   * keeps its entries (a writer and its batch) alive past young-generation collections.
   */
  let writers = 0;
  const idleWaiters: (() => void)[] = [];
  const deviceCache = new Map<string, { device: KnownDevice | null; until: number }>();

  const queued = () => live.length + replay.length;
  /** Samples in the queue's messages. */
  let queuedSamples = 0;
  // Bound once: a label lookup hashes the labels on every call.
  const messagesOfKind = Object.fromEntries(UPLINK_KINDS.map((kind) => [kind, metrics.messages.labels({ kind })])) as Record<
    UplinkKind,
    { inc(): void }
  >;

  /** The devices of `sns` when each is cached (the usual case, answered without a promise), else undefined. */
  function cachedDevices(sns: string[]) {
    const at = now();
    const result = new Map<string, KnownDevice | null>();
    for (const sn of sns) {
      const cached = deviceCache.get(sn);
      if (!cached || cached.until <= at) return undefined;
      result.set(sn, cached.device);
    }
    return result;
  }

  async function devicesOf(sns: string[]) {
    const result = new Map<string, KnownDevice | null>();
    const missing: string[] = [];
    for (const sn of new Set(sns)) {
      const cached = deviceCache.get(sn);
      if (cached && cached.until > now()) result.set(sn, cached.device);
      else missing.push(sn);
    }
    if (missing.length > 0) {
      const found = new Map((await repo.devices(missing)).map((d) => [d.sn, d]));
      for (const sn of missing) {
        const device = found.get(sn) ?? null;
        deviceCache.set(sn, { device, until: now() + DEVICE_CACHE_MS });
        result.set(sn, device);
      }
    }
    return result;
  }

  /** Takes the next batch: live messages first, then replayed ones, up to `maxBatch` samples. */
  function takeBatch(): QueuedMessage[] {
    const batch: QueuedMessage[] = [];
    let samples = 0;
    for (const lane of [live, replay]) {
      while (lane.length > 0 && (batch.length === 0 || samples + (lane[0] as QueuedMessage).samples.length <= maxBatch)) {
        const message = lane.shift() as QueuedMessage;
        batch.push(message);
        samples += message.samples.length;
        queuedSamples -= message.samples.length;
      }
    }
    for (const waiter of spaceWaiters.splice(0, maxQueued - queued())) waiter();
    metrics.queueDepth.set(queued());
    return batch;
  }

  async function write(batch: QueuedMessage[]) {
    const all = batch.flatMap((message) => message.samples);
    try {
      const stored = await telemetry.writeBatch(all);
      metrics.samples.inc(stored);
      metrics.duplicateSamples.inc(all.length - stored);
      metrics.batchSize.observe(all.length);
      const at = now();
      for (const message of batch) if (message.live) for (const s of message.samples) metrics.lag.observe(Math.max(0, at - s.ts) / 1000);
      for (const message of batch) message.done();
    } catch (error) {
      // Not durable: put the batch back and retry after a pause; publishers stay unacknowledged.
      log?.error(error, 'ingest: storing a batch failed; retrying');
      live.unshift(...batch.filter((m) => m.live));
      replay.unshift(...batch.filter((m) => !m.live));
      for (const message of batch) queuedSamples += message.samples.length;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  /** One writer: stores batches while messages wait, lingering a moment when only a few do. */
  async function writer() {
    while (queued() > 0) {
      if (queuedSamples < LINGER_BELOW_SAMPLES) await new Promise((resolve) => setTimeout(resolve, LINGER_MS));
      const batch = takeBatch();
      if (batch.length > 0) await write(batch);
    }
  }

  function enqueue(message: Omit<QueuedMessage, 'done'>): Promise<void> {
    return new Promise((resolve) => {
      (message.live ? live : replay).push({ ...message, done: resolve });
      queuedSamples += message.samples.length;
      metrics.queueDepth.set(queued());
      // A second writer only under load: at a steady trickle one lingering writer makes the fewest round trips.
      while (writers < (queuedSamples >= LINGER_BELOW_SAMPLES ? WRITERS : 1)) {
        writers += 1;
        writer().finally(() => {
          writers -= 1;
          if (writers === 0) for (const waiter of idleWaiters.splice(0)) waiter();
        });
      }
    });
  }

  async function waitForSpace() {
    while (queued() >= maxQueued) await new Promise<void>((resolve) => spaceWaiters.push(resolve));
  }

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
    const devices = cachedDevices(sns) ?? (await devicesOf(sns));
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
    if (queued() >= maxQueued) await waitForSpace();
    await enqueue({ samples, live: newest >= at - LIVE_WINDOW_MS });
  }

  async function onInventory(dataloggerSn: string, payload: Buffer) {
    const inventory = parse(inventoryPayload, payload);
    if (!inventory) return;
    const refused = await repo.upsertInventory(dataloggerSn, inventory);
    for (const device of inventory.devices) deviceCache.delete(device.sn);
    if (refused.length > 0) metrics.rejectedValues.inc({ reason: 'deviceOfAnotherDatalogger' }, refused.length);
  }

  async function onEvent(dataloggerSn: string, payload: Buffer) {
    const message = parse(eventPayload, payload);
    if (!message) return;
    const sns = message.events.map((e) => e.device);
    const devices = cachedDevices(sns) ?? (await devicesOf(sns));
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
    if (status) await repo.setStatus(dataloggerSn, status, new Date(now()));
  }

  /** Command replies have no consumer until the command service exists; they are validated and counted. */
  async function onReply(_: string, payload: Buffer) {
    parse(replyPayload, payload);
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
    async flush() {
      while (writers > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },

    queued,
  };
}
export type IngestService = ReturnType<typeof createIngestService>;
