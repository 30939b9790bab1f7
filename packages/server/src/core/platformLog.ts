import type { PlatformLogKind, PlatformLogSeverity } from '@sunstack/shared';
import type { Db } from '../db/client.ts';
import { serializeError } from '../db/errorLog.ts';
import { platformLog } from '../db/schema.ts';

export interface PlatformEvent {
  kind: PlatformLogKind;
  severity: PlatformLogSeverity;
  message: string;
  details?: Record<string, unknown>;
}

/** Ingest rejections are counted in memory and written as one row per this interval, whatever a device sends. */
export const REJECTION_FLUSH_MS = 60_000;

/** What reports a failure to write a log row (Fastify's logger fits). */
interface WriterLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The error as the log keeps it: the serializer's message and type, never a statement's parameters. */
const errorDetails = (error: unknown) => {
  if (!(error instanceof Error)) return { error: String(error) };
  const { type, message } = serializeError(error);
  return { type, error: message };
};

/**
 * The platform log's writer (issue 23): best effort and off the hot path. `record` never waits and never throws: the
 * row is written on the database itself (`root`, never the caller's transaction, so a rolled-back change keeps its
 * log row), and a failed write is only logged. Ingest rejections are summed per reason and written once per minute.
 */
export function createPlatformLog(root: Db, log: WriterLog) {
  const pending = new Set<Promise<void>>();
  let rejections = new Map<string, number>();

  function record(event: PlatformEvent) {
    const write: Promise<void> = Promise.resolve()
      .then(async () => void (await root.insert(platformLog).values({ ...event, details: event.details ?? {} })))
      .catch((error: unknown) => log.warn({ err: error }, 'platform log write failed'))
      .finally(() => pending.delete(write));
    pending.add(write);
  }

  function flushRejections() {
    if (rejections.size === 0) return;
    const counts = Object.fromEntries(rejections);
    rejections = new Map();
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    record({ kind: 'ingest', severity: 'warning', message: `ingest rejected ${total} messages or values`, details: counts });
  }
  const flushTimer = setInterval(flushRejections, REJECTION_FLUSH_MS);
  flushTimer.unref();

  return {
    record,
    /** A job loop's `onError`: logs the failed pass and records it. */
    jobFailed: (message: string) => (error: unknown) => {
      log.error({ err: error }, message);
      record({ kind: 'job', severity: 'error', message, details: errorDetails(error) });
    },
    /** A delivery that failed (mail, webhook, push): recorded as a warning, or an error once given up. */
    deliveryFailed(kind: 'mail' | 'webhook' | 'push', message: string, details: Record<string, unknown>, gaveUp: boolean) {
      record({ kind, severity: gaveUp ? 'error' : 'warning', message, details });
    },
    /** Counts ingest rejections of one reason; written summed (see REJECTION_FLUSH_MS). */
    rejected(reason: string, count = 1) {
      rejections.set(reason, (rejections.get(reason) ?? 0) + count);
    },
    errorDetails,
    /** Writes what is counted and waits for every write (the app's close; tests). */
    async settled() {
      flushRejections();
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      clearInterval(flushTimer);
    },
  };
}
export type PlatformLog = ReturnType<typeof createPlatformLog>;
