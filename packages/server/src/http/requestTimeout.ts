import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body may take as long as it needs once the caller is let in (the call is declared `untimed`). */
    untimed?: true;
  }
}

/** An injected request (tests) has a stand-in socket: no connection to hold or cut. */
const connected = (socket: Socket) => typeof socket.setTimeout === 'function' && typeof socket.destroy === 'function';

const TIMERS = new WeakMap<FastifyRequest, NodeJS.Timeout>();

/**
 * The whole-request timeout, per route (node's own `requestTimeout` holds every request alike): a
 * request whose body is not in within `requestMs` of its headers answers 408 and its connection is
 * closed, like node's. A call declared `untimed` (spec section 7: the device-document upload) loses
 * the limit once its caller passed the checks of `onRequest` (signature, session, access): a rejected
 * caller trickling the body is still cut. Its connection is closed only when no byte arrives for
 * `requestMs` (a stalled upload), never for taking long.
 */
export function registerRequestTimeout(app: FastifyInstance, requestMs: number) {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    // No body to wait for (a GET, a live stream): node completes it only once someone reads it.
    if (raw.complete || (raw.headers['transfer-encoding'] === undefined && !Number(raw.headers['content-length']))) return;
    if (!connected(raw.socket)) return;
    const timer = setTimeout(() => {
      const socket = raw.socket;
      if (reply.raw.headersSent || !socket.writable) socket.destroy();
      else socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n', () => socket.destroy());
    }, requestMs);
    TIMERS.set(request, timer);
    const done = () => clearTimeout(timer);
    raw.once('end', done);
    raw.once('close', done);
  });
  app.addHook('preParsing', async (request) => {
    if (!request.routeOptions.config.untimed) return;
    clearTimeout(TIMERS.get(request));
    const socket = request.raw.socket;
    if (!connected(socket)) return;
    socket.setTimeout(requestMs);
    request.raw.once('end', () => socket.setTimeout(0));
  });
}
