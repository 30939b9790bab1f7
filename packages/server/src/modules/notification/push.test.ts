import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Access, Errno, uplinkTopic } from '@sunstack/shared';
import { faultText } from '@sunstack/shared/fault-messages';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, mailOutbox, pushEndpoint, pushOutbox, webPushKey } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';

/**
 * Web Push end to end: a local HTTP server plays the push service, receiving what the notification
 * jobs send; the test plays the browser, holding the subscription's private key and auth secret, and
 * decrypts each payload (RFC 8291, aes128gcm) and checks its VAPID signature (RFC 8292) itself.
 */

/** A browser's push subscription: its P-256 key pair and auth secret. */
function newBrowser(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
}

/** RFC 8291 section 3 and RFC 8188: one aes128gcm record, decrypted with the browser's keys. */
function decrypt(browser: ReturnType<typeof newBrowser>, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT signed ES256>, k=<public key>`; answers the JWT's claims once its signature holds for `publicKey`. */
function vapidClaims(authorization: string, publicKey: string) {
  const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization) ?? [];
  expect(key).toBe(publicKey);
  const [head, claims, signature] = (token as string).split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
}

interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let t: TestApp;
let fleet: FleetPlant;
let watcher: TestAccount;
let stranger: TestAccount;
const received: Delivery[] = [];
/** Paths the push service has forgotten (410 Gone). */
const gone = new Set<string>();
let server: ReturnType<typeof createServer>;
let origin: string;

async function until<T>(find: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const raise = (code: number) =>
  t.app.ingest.receive(
    fleet.dataloggerSn,
    uplinkTopic(fleet.dataloggerSn, 'event'),
    Buffer.from(JSON.stringify({ seq: 1, events: [{ ts: Date.now() - 60_000, device: fleet.devices[0]?.sn, code, state: 'raised' }] })),
  );
const post = (path: string, body: unknown, who: TestAccount) => t.call('POST', path, body, { token: who.token }).then((a) => a.body);

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(gone.has(path) ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The push service listens on 127.0.0.1, which the SSRF guard refuses unless private addresses are allowed.
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  fleet = await createFleetPlant(t.database.db);
  watcher = await t.createAccount(Access.admin);
  stranger = await t.createAccount(Access.endUser);
  await t.database.db.update(account).set({ language: 'de' }).where(eq(account.id, watcher.id));
  const saved = await post(
    '/c/v0/alarm/subscription/save',
    { plantId: fleet.plantId, severities: ['fault'], email: true, push: true, webhookUrl: null },
    watcher,
  );
  expect(saved.errno).toBe(0);
}, 60_000);
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  server.close();
});

describe('web push of alarm notices', () => {
  it('keeps one VAPID key pair, made on first use', async () => {
    const first = await post('/c/v0/alarm/push/key', {}, watcher);
    const second = await post('/c/v0/alarm/push/key', {}, stranger);
    expect(first.result.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second.result.publicKey).toBe(first.result.publicKey);
    expect(await t.database.db.select({ publicKey: webPushKey.publicKey }).from(webPushKey)).toEqual([
      { publicKey: first.result.publicKey },
    ]);
  });

  it("pushes a raised fault to the account's browser, encrypted to it and signed with the server's key, in the account's language", async () => {
    const browser = newBrowser(`${origin}/push/watcher`);
    expect((await post('/c/v0/alarm/push/subscribe', browser.json, watcher)).errno).toBe(0);
    const listed = await post('/c/v0/alarm/push/list', {}, watcher);
    expect(listed.result.browsers).toEqual([
      { endpoint: browser.json.endpoint, userAgent: expect.any(String), createdAt: expect.any(Number) },
    ]);
    expect((await post('/c/v0/alarm/push/list', {}, stranger)).result.browsers).toEqual([]);

    await raise(1001);
    const delivery = await until(() => received.find((d) => d.path === '/push/watcher'), 'the push');
    expect(delivery.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', 'content-type': 'application/octet-stream' });
    const { publicKey } = (await post('/c/v0/alarm/push/key', {}, watcher)).result;
    const claims = vapidClaims(delivery.headers.authorization as string, publicKey);
    expect(claims.aud).toBe(origin);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());

    const payload = JSON.parse(decrypt(browser, delivery.body));
    const german = faultText(1001, 'de')?.name as string;
    expect(payload).toEqual({
      title: expect.stringContaining(german),
      body: expect.stringContaining('Störung'),
      tag: expect.stringMatching(/^alarm-\d+$/),
      url: expect.stringMatching(/\/bus\/alarm$/),
    });
    expect(payload.body).toContain(fleet.devices[0]?.sn);
    // Nothing else can read it: another browser's keys fail.
    expect(() => decrypt(newBrowser('x'), delivery.body)).toThrow();
  });

  it('takes a browser off: only its own account can, and then nothing more is pushed to it', async () => {
    const endpoint = `${origin}/push/watcher`;
    const foreign = await post('/c/v0/alarm/push/unsubscribe', { endpoint }, stranger);
    const missing = await post('/c/v0/alarm/push/unsubscribe', { endpoint: `${origin}/push/none` }, stranger);
    expect(foreign).toEqual(missing);
    expect(foreign.errno).toBe(Errno.notFound);
    expect((await post('/c/v0/alarm/push/unsubscribe', { endpoint }, watcher)).errno).toBe(0);
    // A browser the push service forgot (410) is dropped at its first push.
    const forgotten = newBrowser(`${origin}/push/forgotten`);
    gone.add('/push/forgotten');
    expect((await post('/c/v0/alarm/push/subscribe', forgotten.json, watcher)).errno).toBe(0);
    const before = received.filter((d) => d.path === '/push/watcher').length;
    await raise(1002);
    await until(() => received.find((d) => d.path === '/push/forgotten'), 'the push to the forgotten browser');
    await until(
      async () => (await t.database.db.select().from(pushEndpoint).where(eq(pushEndpoint.accountId, watcher.id))).length === 0 || undefined,
      'the forgotten browser dropped',
    );
    expect(received.filter((d) => d.path === '/push/watcher')).toHaveLength(before);
  });

  it('pushes only for subscriptions with push on: push alone is a channel, and push off sends none', async () => {
    const pushOnly = await t.createAccount(Access.admin);
    const mailOnly = await t.createAccount(Access.admin);
    for (const [who, channels] of [
      [pushOnly, { email: false, push: true }],
      [mailOnly, { email: true, push: false }],
    ] as const) {
      const saved = await post(
        '/c/v0/alarm/subscription/save',
        { plantId: fleet.plantId, severities: ['fault'], ...channels, webhookUrl: null },
        who,
      );
      expect(saved).toMatchObject({ errno: 0, result: { subscription: channels } });
      expect((await post('/c/v0/alarm/push/subscribe', newBrowser(`${origin}/push/${who.username}`).json, who)).errno).toBe(0);
    }
    await raise(1003);
    await until(() => received.find((d) => d.path === `/push/${pushOnly.username}`), "the push-only subscription's push");
    // The dispatcher wrote every delivery of the notice in one transaction, so all of them exist by now.
    const mailOnlyBrowsers = await t.database.db
      .select({ id: pushEndpoint.id })
      .from(pushEndpoint)
      .where(eq(pushEndpoint.accountId, mailOnly.id));
    expect(mailOnlyBrowsers).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(pushOutbox)
        .where(
          inArray(
            pushOutbox.endpointId,
            mailOnlyBrowsers.map((b) => b.id),
          ),
        ),
    ).toEqual([]);
    const mailed = await t.database.db
      .select({ recipient: mailOutbox.recipient })
      .from(mailOutbox)
      .where(inArray(mailOutbox.recipient, [pushOnly.email, mailOnly.email]));
    expect(mailed).toEqual([{ recipient: mailOnly.email }]);
  });

  it('refuses a bad subscription with its field named, and keeps nothing', async () => {
    const good = newBrowser(`${origin}/push/bad`).json;
    for (const body of [
      { ...good, endpoint: 'ftp://push.example.com/x' },
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { ...good.keys, auth: 'not base64url!!!!!!!!!!' } },
      { endpoint: good.endpoint },
    ]) {
      const answer = await post('/c/v0/alarm/push/subscribe', body, watcher);
      expect(answer.errno).toBe(Errno.bodyInvalid);
    }
    expect(await t.database.db.select().from(pushEndpoint).where(eq(pushEndpoint.endpoint, good.endpoint))).toEqual([]);
  });
});
