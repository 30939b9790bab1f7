import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Access, Errno, uplinkTopic } from '@sunstack/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { notificationOutbox, notificationSubscription } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createNotificationRepo } from './repo.ts';
import { isPrivateAddress, publicOnlyLookup, webhookUrlProblem } from './webhookGuard.ts';

const PRIVATE_URLS = [
  'http://127.0.0.1/hook',
  'http://127.8.9.10:8080/hook',
  'https://10.1.2.3/hook',
  'http://172.16.0.1/hook',
  'http://172.31.255.255/hook',
  'http://192.168.1.1/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.64.0.1/hook',
  'http://100.127.255.255/hook',
  'http://0.0.0.0/hook',
  // The URL parser's other spellings of 127.0.0.1.
  'http://2130706433/hook',
  'http://0x7f.1/hook',
  'http://127.1/hook',
  'http://[::1]/hook',
  'http://[::]/hook',
  'http://[fc00::1]/hook',
  'http://[fd12:3456::1]/hook',
  'http://[fe80::1]/hook',
  'http://[febf::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:10.0.0.1]/hook',
  'http://[::ffff:a9fe:a9fe]/hook',
];
const PUBLIC_URLS = [
  'https://hooks.example.com/sunstack',
  'http://localhost:8080/hook', // a name: judged by its addresses at delivery
  'https://93.184.216.34/hook',
  'http://172.32.0.1/hook',
  'http://172.15.255.255/hook',
  'http://100.128.0.1/hook',
  'http://192.169.0.1/hook',
  'http://[2606:4700::1111]/hook',
  'http://[::ffff:8.8.8.8]/hook',
  'http://[fec0::1]/hook', // not fe80::/10
];

describe('webhook URL guard (SSRF)', () => {
  it.each(PRIVATE_URLS)('refuses %s, unless private addresses are allowed', (url) => {
    expect(webhookUrlProblem(url, false)).toMatch(/is a private address$/);
    expect(webhookUrlProblem(url, true)).toBeNull();
  });

  it.each(PUBLIC_URLS)('accepts %s', (url) => {
    expect(webhookUrlProblem(url, false)).toBeNull();
  });

  it('refuses credentials and other schemes whatever the switch says', () => {
    for (const allowPrivate of [false, true]) {
      expect(webhookUrlProblem('https://user:secret@hooks.example.com/x', allowPrivate)).toBe('the URL carries credentials');
      expect(webhookUrlProblem('https://user@hooks.example.com/x', allowPrivate)).toBe('the URL carries credentials');
      expect(webhookUrlProblem('ftp://hooks.example.com/x', allowPrivate)).toBe('only http and https are allowed');
      expect(webhookUrlProblem('file:///etc/passwd', allowPrivate)).toBe('only http and https are allowed');
      expect(webhookUrlProblem('not a url', allowPrivate)).toBe('not a URL');
    }
  });

  it('counts anything that is not an IP address as private', () => {
    expect(isPrivateAddress('hooks.example.com')).toBe(true);
    expect(isPrivateAddress('')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
  });

  it('looks names up and refuses one that resolves to a private address, handing over only checked addresses', async () => {
    const resolve = (host: string, all: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((done) =>
        publicOnlyLookup(host, { all }, (error, address, family) => done({ error, address, family })),
      );
    const local = await resolve('localhost', true);
    expect(local.error?.code).toBe('EPRIVATE');
    expect(local.error?.message).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), a private address$/);
    expect((await resolve('localhost', false)).error?.code).toBe('EPRIVATE');
    // A public address (an IP "name" resolves to itself, no network needed), in both forms net asks for.
    expect(await resolve('93.184.216.34', true)).toEqual({ error: null, address: [{ address: '93.184.216.34', family: 4 }] });
    expect(await resolve('93.184.216.34', false)).toEqual({ error: null, address: '93.184.216.34', family: 4 });
  });

  it('is one switch, WEBHOOK_ALLOW_PRIVATE, off by default', () => {
    expect(loadConfig({}).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false' }).webhookAllowPrivate).toBe(false);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'maybe' })).toThrow(ConfigError);
  });
});

describe('webhooks to private addresses with the switch off', () => {
  let t: TestApp;
  let fleet: FleetPlant;
  let admin: TestAccount;
  /** A receiver on 127.0.0.1 that counts the requests it gets: none may arrive. */
  const requests: string[] = [];
  const receiver = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.end();
  });
  let port = 0;

  beforeAll(async () => {
    t = await startTestApp();
    fleet = await createFleetPlant(t.database.db);
    admin = await t.createAccount(Access.admin);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const save = (webhookUrl: string) =>
    t.call(
      'POST',
      '/c/v0/alarm/subscription/save',
      { plantId: fleet.plantId, severities: ['fault'], email: false, webhookUrl },
      { token: admin.token },
    );

  it('refuses them at save time with a translated errno and writes nothing', async () => {
    for (const url of [`http://127.0.0.1:${port}/hook`, 'http://[::ffff:169.254.169.254]/', 'https://user:pw@hooks.example.com/']) {
      const answer = await save(url);
      expect(answer.body, url).toEqual({ errno: Errno.webhookUrlRefused, result: {} });
    }
    expect(await t.database.db.select().from(notificationSubscription)).toEqual([]);
    const { messages } = (await t.call('GET', '/c/v0/errors/message')).body.result;
    expect(messages.de[Errno.webhookUrlRefused]).toMatch(/^Diese Webhook-Adresse kann nicht verwendet werden/);
    // A public name is saved (it is looked up only when a delivery connects).
    expect((await save('https://hooks.example.com/sunstack')).body.errno).toBe(0);
  });

  it('refuses them at delivery, literal or looked up, records the failure and never connects', async () => {
    // Subscriptions written before the guard existed (or a name that now resolves elsewhere): straight into the table.
    const repo = createNotificationRepo(t.database.db);
    const literal = await t.createAccount(Access.admin);
    const named = await t.createAccount(Access.admin);
    const fields = { plantId: fleet.plantId, severities: ['fault' as const], email: false };
    await repo.save(literal.id, { ...fields, webhookUrl: `http://127.0.0.1:${port}/literal` }, 'whsec_literal', false);
    await repo.save(named.id, { ...fields, webhookUrl: `http://localhost:${port}/named` }, 'whsec_named', false);

    const raise = JSON.stringify({ seq: 1, events: [{ device: fleet.devices[0]?.sn, ts: Date.now(), code: 1001, state: 'raised' }] });
    await t.app.ingest.receive(fleet.dataloggerSn, uplinkTopic(fleet.dataloggerSn, 'event'), Buffer.from(raise));

    const deliveryOf = async (account: TestAccount) => {
      const [row] = await t.database.db
        .select({ delivery: notificationOutbox })
        .from(notificationOutbox)
        .innerJoin(notificationSubscription, eq(notificationSubscription.id, notificationOutbox.subscriptionId))
        .where(eq(notificationSubscription.accountId, account.id));
      return row?.delivery;
    };
    const deadline = Date.now() + 15_000;
    // The claim counts an attempt before it is made: wait for both outcomes (the name's lookup takes a while).
    while (!((await deliveryOf(literal))?.lastError && (await deliveryOf(named))?.lastError)) {
      if (Date.now() > deadline) throw new Error('timed out waiting for both attempts');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The literal address can never work: given up at once.
    expect(await deliveryOf(literal)).toMatchObject({
      attempts: 1,
      lastStatus: null,
      lastError: 'refused: 127.0.0.1 is a private address',
      deliveredAt: null,
      failedAt: expect.any(Date),
    });
    // A name may resolve elsewhere later: retried, and judged again then.
    const viaName = await deliveryOf(named);
    expect(viaName).toMatchObject({ attempts: 1, lastStatus: null, deliveredAt: null, failedAt: null, nextAttemptAt: expect.any(Date) });
    expect(viaName?.lastError).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1), a private address$/);
    expect(requests).toEqual([]);
  });
});
