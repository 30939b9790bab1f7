import { hash, timingSafeEqual } from 'node:crypto';
import { Errno } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** A counter of rejections, by reason, that also tells `onRejected` (the platform log sums them: issue 23). */
function rejectionCounter(registry: Registry, name: string, help: string, onRejected: (reason: string, count: number) => void) {
  const counter = new Counter({ name, help, labelNames: ['reason'] as const, registers: [registry] });
  return {
    inc(labels: { reason: string }, count = 1) {
      counter.inc(labels, count);
      onRejected(labels.reason, count);
    },
  };
}

/** The ingest's figures for `/metrics` (Prometheus text format); one registry per app. */
export function createIngestMetrics(onRejected: (reason: string, count: number) => void) {
  const registry = new Registry();
  // The event loop's delay sampled every 100 ms, not prom-client's 10: the finer timer cost the idle process several ms of CPU a second.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });
  return {
    registry,
    messages: new Counter({
      name: 'sunstack_ingest_messages_total',
      help: 'Device messages received, by kind',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    rejectedMessages: rejectionCounter(
      registry,
      'sunstack_ingest_rejected_messages_total',
      'Device messages dropped whole, by reason',
      (reason, count) => onRejected(`message ${reason}`, count),
    ),
    samples: new Counter({ name: 'sunstack_ingest_samples_total', help: 'Samples stored (new ones only)', registers: [registry] }),
    duplicateSamples: new Counter({
      name: 'sunstack_ingest_duplicate_samples_total',
      help: 'Samples that were already stored',
      registers: [registry],
    }),
    rejectedValues: rejectionCounter(
      registry,
      'sunstack_ingest_rejected_values_total',
      'Values dropped from samples (not finite numbers, names over 64 characters or holding text the database cannot store), and samples of unknown devices or times',
      (reason, count) => onRejected(`value ${reason}`, count),
    ),
    batchSize: new Histogram({
      name: 'sunstack_ingest_batch_samples',
      help: 'Samples per database batch',
      buckets: [1, 10, 50, 100, 500, 1000, 5000, 20000],
      registers: [registry],
    }),
    queueDepth: new Gauge({ name: 'sunstack_ingest_queue_messages', help: 'Messages waiting to be stored', registers: [registry] }),
    lag: new Histogram({
      name: 'sunstack_ingest_lag_seconds',
      help: 'From a live sample being measured to it being stored',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers: [registry],
    }),
  };
}
export type IngestMetrics = ReturnType<typeof createIngestMetrics>;

/**
 * Serves the registry at /metrics to Prometheus, which sends `Authorization: Bearer <token>`
 * (`authorization.credentials_file` in its scrape config). Anyone else gets 401; without a token
 * configured, /metrics answers like any unknown path. The figures name no tenant, but the server
 * listens on every address, and they tell an outsider the fleet's load and the process's memory.
 */
export function metricsRoute(http: FastifyInstance, registry: Registry, token: string | undefined) {
  // Digests of equal length, compared in constant time: the answer's timing says nothing of the token.
  const expected = token === undefined ? undefined : hash('sha256', `Bearer ${token}`, 'buffer');
  http.get('/metrics', async (request, reply) => {
    if (!expected) return reply.status(404).send({ errno: Errno.notFound, result: {} });
    const given = hash('sha256', request.headers.authorization ?? '', 'buffer');
    if (!timingSafeEqual(given, expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({ errno: Errno.tokenInvalid, result: {} });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
