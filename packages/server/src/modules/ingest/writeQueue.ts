import { setImmediate } from 'node:timers/promises';
import { inBackground } from '../../db/priority.ts';
import type { DeviceSample, TelemetryRepo } from '../telemetry/repo.ts';
import type { IngestMetrics } from './metrics.ts';

/** Batches written at once under load: the database works on one while the next is gathered and sent. */
const WRITERS = 2;
/**
 * With fewer samples waiting, the writer lingers a moment for more: fewer, larger writes at a steady
 * rate of live messages (one sample each), while replayed history (many samples a message) is written
 * at once, by two writers.
 */
const LINGER_BELOW_SAMPLES = 500;
const LINGER_MS = 100;

interface QueuedMessage {
  samples: DeviceSample[];
  live: boolean;
  done: () => void;
}

/**
 * The ingest's bounded two-lane queue of telemetry, written in batches: live samples first, replayed
 * history behind them, so a replay never starves live data (protocol.md). `add` resolves once
 * the message's samples are durable; a batch that fails is put back and retried, its publishers
 * left unacknowledged.
 */
export function createWriteQueue(
  deps: { telemetry: TelemetryRepo; metrics: IngestMetrics },
  options: {
    maxQueuedMessages: number;
    maxBatchSamples: number;
    now: () => number;
    log?: { error(error: unknown, message?: string): void };
  },
) {
  const { telemetry, metrics } = deps;
  const { maxQueuedMessages: maxQueued, maxBatchSamples: maxBatch, now, log } = options;

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
  const queued = () => live.length + replay.length;
  /** Samples in the queue's messages. */
  let queuedSamples = 0;

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
      // Background work for the embedded database: calls, PUBACKs' own statements and other jobs go first.
      const stored = await inBackground(() => telemetry.writeBatch(all));
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
      // Lets I/O in before the next batch is taken: with a database answering through promises alone (PGlite did in the
      // server's thread), batch after batch of a replay would keep other dataloggers' live messages unread until it ran out.
      else await setImmediate();
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

  return {
    /** Stores a message's samples; resolves once they are durable, after waiting while the queue is full. */
    async add(message: Omit<QueuedMessage, 'done'>) {
      if (queued() >= maxQueued) await waitForSpace();
      await enqueue(message);
    },

    /** Resolves when everything queued is stored (shutdown, tests). */
    async flush() {
      while (writers > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },

    queued,
  };
}
export type WriteQueue = ReturnType<typeof createWriteQueue>;
