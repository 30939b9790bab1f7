import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A live stream is closed after this long; the client reconnects, which checks its caller again. */
const STREAM_LIFETIME_MS = 10 * 60_000;
const HEARTBEAT_MS = 25_000;
/** New values are pushed at most this often, unless a stream says otherwise. */
const PUSH_INTERVAL_MS = 1_000;

export interface EventStream<T> {
  /** The values the stream opens with (read by the call, so a caller out of scope got its errno instead). */
  first: T;
  /** The values again, when something changed; a failure ends the stream (e.g. the object left the caller's scope). */
  reread: () => Promise<T>;
  /** Calls `changed` whenever the values may have changed; answers how to stop. None: the first values only. */
  subscribe?: (changed: () => void) => () => void;
  /** The least time between two pushes (default a second); changes in between go out together. */
  pushIntervalMs?: number;
}

/**
 * Server-sent event streams (the answer `stream` of a declared call): the first values at once,
 * then new ones after a change, at once unless the last push was less than its interval (a second)
 * ago, a heartbeat, and an end after ten minutes.
 * Open streams end before the app closes (they would hold a shutdown for their whole lifetime).
 */
export function createEventStreams(app: FastifyInstance) {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  return {
    /** Takes over the reply and streams; answers the reply, which route() then leaves alone. */
    start<T>(reply: FastifyReply, { first, reread, subscribe, pushIntervalMs = PUSH_INTERVAL_MS }: EventStream<T>): FastifyReply {
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
      const send = (values: T) => raw.write(`data: ${JSON.stringify(values)}\n\n`);
      send(first);
      open.add(raw);
      let scheduled: NodeJS.Timeout | undefined;
      let pushedAt = 0;
      const unsubscribe =
        subscribe?.(() => {
          scheduled ??= setTimeout(
            () => {
              scheduled = undefined;
              pushedAt = Date.now();
              reread().then(send, () => raw.end());
            },
            Math.max(0, pushedAt + pushIntervalMs - Date.now()),
          );
        }) ?? (() => {});
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      const lifetime = setTimeout(() => raw.end(), STREAM_LIFETIME_MS);
      raw.on('close', () => {
        open.delete(raw);
        unsubscribe();
        clearTimeout(scheduled);
        clearInterval(heartbeat);
        clearTimeout(lifetime);
      });
      return reply;
    },
  };
}
export type EventStreams = ReturnType<typeof createEventStreams>;
