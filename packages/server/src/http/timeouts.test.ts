import { connect, type Socket } from 'node:net';
import { Access } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp, HTTP_TIMEOUTS } from '../app.ts';
import { loadConfig } from '../config.ts';
import { TELEMETRY_CHANNEL } from '../modules/monitoring/liveUpdates.ts';
import { createFleetPlant, type FleetPlant } from '../test/fleetFixture.ts';
import { signedHeaders, startTestApp, type TestAccount, type TestApp } from '../test/harness.ts';

/**
 * Slow clients (slowloris): a connection that trickles its headers or body, or idles between
 * requests, is closed; a live stream, whose request is complete, stays open. A second app on the
 * test database has the same timeouts scaled down, so the test waits seconds, not minutes.
 */
const SHORT = { headersMs: 500, requestMs: 1_000, keepAliveMs: 500, checkEveryMs: 100 };
/** Generous: every connection here would stay open for 100 s or forever without the timeouts. */
const CLOSED_WITHIN_MS = 15_000;

let t: TestApp;
let app: App;
let fleet: FleetPlant;
let admin: TestAccount;
let port = 0;

beforeAll(async () => {
  t = await startTestApp();
  fleet = await createFleetPlant(t.database.db);
  admin = await t.createAccount(Access.admin);
  app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }),
    database: t.database,
    httpTimeouts: SHORT,
  });
  port = Number(new URL(await app.http.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => {
  await app?.http.close();
  await t?.close();
});

/**
 * Opens a connection, writes `start`, then every 100 ms what `drip` gives (until it gives nothing); resolves with
 * what the server wrote once it closes.
 */
function slowClient(start: string | Buffer, drip?: () => string | Buffer | undefined): Promise<{ answer: string; afterMs: number }> {
  return new Promise((resolve) => {
    const began = performance.now();
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const socket: Socket = connect(port, '127.0.0.1', () => {
      if (start.length) socket.write(start);
      if (drip)
        timer = setInterval(() => {
          const next = drip();
          if (next === undefined) clearInterval(timer);
          else if (socket.writable) socket.write(next);
        }, 100);
    });
    socket.on('data', (data) => {
      answer += data.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, afterMs: performance.now() - began });
    });
  });
}

/** Drips `slices` one by one, then nothing. */
const each = (slices: Buffer[]) => {
  let next = 0;
  return () => slices[next++];
};

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');

describe('HTTP timeouts', () => {
  it('are set on the server: headers 15 s, whole request 60 s (per route), idle keep-alive 10 s, checked every 5 s', () => {
    expect(HTTP_TIMEOUTS).toEqual({ headersMs: 15_000, requestMs: 60_000, keepAliveMs: 10_000, checkEveryMs: 5_000 });
    const server = t.app.http.server;
    // The whole request's limit is the app's own (requestTimeout.ts), so an untimed upload can go without it.
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([15_000, 0, 10_000]);
  });

  it('close connections that trickle a body, trickle headers, send nothing or idle after a request', async () => {
    const path = '/c/v0/user/login';
    // A signed sign-in whose 1,000-byte body comes a byte every 100 ms: the body is read, slowly.
    const body = slowClient(
      `POST ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n${headerLines(signedHeaders(path, '', 'en'))}\r\n`,
      () => ' ',
    );
    const headers = slowClient(`POST ${path} HTTP/1.1\r\nhost: x\r\n`, () => 'x-slow: 1\r\n');
    const silent = slowClient('');
    const idle = slowClient('GET /c/v0/nowhere HTTP/1.1\r\nhost: x\r\n\r\n');
    const [trickledBody, trickledHeaders, silence, idleAfter] = await Promise.all([body, headers, silent, idle]);
    expect(trickledBody.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(trickledHeaders.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(silence.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(idleAfter.answer).toMatch(/^HTTP\/1\.1 404 /);
    for (const { afterMs } of [trickledBody, trickledHeaders, silence, idleAfter]) expect(afterMs).toBeLessThan(CLOSED_WITHIN_MS);
  });

  it('leave the device-document upload without a time limit once let in (spec section 7), but cut it when it stalls', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 'x')]);
    const boundary = '----slow-upload';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="slow.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const head = (path: string, token: string) =>
      `POST ${path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\n` +
      `content-length: ${body.length}\r\n${headerLines(signedHeaders(path, token, 'en'))}\r\n`;
    // 30 slices 100 ms apart: three times the (scaled down) whole-request limit.
    const slices = Array.from({ length: 30 }, (_, i) =>
      body.subarray(Math.floor((i * body.length) / 30), Math.floor(((i + 1) * body.length) / 30)),
    );
    const document = '/c/v0/document/file/upload';
    const photo = '/c/v0/ticket/photo/upload';
    const [untimed, timed, rejected, stalled] = await Promise.all([
      slowClient(head(document, admin.token), each(slices)),
      slowClient(head(photo, admin.token), each(slices)),
      slowClient(head(document, ''), each(slices)),
      slowClient(head(document, admin.token), each(slices.slice(0, 3))),
    ]);
    expect(untimed.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(JSON.parse(untimed.answer.slice(untimed.answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      errno: 0,
      result: { size: pdf.length },
    });
    expect(untimed.afterMs).toBeGreaterThan(2 * SHORT.requestMs);
    // Any other upload, and a caller that is not let in, still have the limit.
    expect(timed.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(rejected.answer).toMatch(/^HTTP\/1\.1 200 /); // the errno envelope, then the connection is cut
    expect(rejected.answer).toContain('"errno":41809');
    // A stalled upload is closed once nothing came for the limit.
    expect(stalled.answer).toBe('');
    for (const { afterMs } of [timed, rejected, stalled]) expect(afterMs).toBeLessThan(CLOSED_WITHIN_MS);
  });

  it('leave a live stream open past them: its request is complete', async () => {
    const path = '/c/v0/plant/real/stream';
    const abort = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}${path}?id=${fleet.plantId}`, {
      headers: signedHeaders(path, admin.token, 'en'),
      signal: abort.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^data: /);
    // Past the request, header and keep-alive timeouts and several checks...
    await new Promise((resolve) => setTimeout(resolve, 3 * SHORT.requestMs));
    // ...new data for the plant still reaches it.
    await t.database.db.execute(sql`select pg_notify(${TELEMETRY_CHANNEL}, ${String(fleet.plantId)})`);
    const next = await reader.read();
    expect(next.done).toBe(false);
    expect(new TextDecoder().decode(next.value)).toMatch(/^data: /);
    abort.abort();
  });
});
