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
  // IPv4 inside IPv6: judged as the IPv4 address carried (IPv4-compatible, NAT64, 6to4).
  'http://[::7f00:1]/hook',
  'http://[::127.0.0.1]/hook',
  'http://[::a9fe:a9fe]/hook',
  'http://[64:ff9b::7f00:1]/hook',
  'http://[64:ff9b::10.0.0.1]/hook',
  'http://[64:ff9b::169.254.169.254]/hook',
  'http://[2002:7f00:1::1]/hook',
  'http://[2002:a00:1::]/hook',
  'http://[2002:c0a8:101:1::1]/hook',
  // Outside global unicast (2000::/3): deprecated site-local, SIIT (::ffff:0:0:0/96), multicast, SRv6 SIDs.
  'http://[fec0::1]/hook',
  'http://[::ffff:0:7f00:1]/hook',
  'http://[ff02::1]/hook',
  'http://[5f00::1]/hook',
];

/**
 * One address of every entry of IANA's special-purpose address registries (iana-ipv4-special-registry,
 * iana-ipv6-special-registry, as of 2025), its first and last where the range is wider; plus multicast.
 */
const SPECIAL_PURPOSE: [range: string, ...addresses: string[]][] = [
  ['0.0.0.0/8 "this network"', '0.1.2.3', '0.255.255.255'],
  ['10.0.0.0/8 private', '10.0.0.0', '10.255.255.255'],
  ['100.64.0.0/10 shared (CGNAT)', '100.64.0.0', '100.127.255.255'],
  ['127.0.0.0/8 loopback', '127.0.0.0', '127.255.255.255'],
  ['169.254.0.0/16 link-local', '169.254.0.0', '169.254.255.255'],
  ['172.16.0.0/12 private', '172.16.0.0', '172.31.255.255'],
  ['192.0.0.0/24 IETF protocol assignments', '192.0.0.0', '192.0.0.255'],
  ['192.0.0.8/32, .9, .10, .170/31', '192.0.0.8', '192.0.0.9', '192.0.0.10', '192.0.0.170', '192.0.0.171'],
  ['192.0.2.0/24 TEST-NET-1', '192.0.2.0', '192.0.2.255'],
  ['192.31.196.0/24 AS112-v4', '192.31.196.0', '192.31.196.255'],
  ['192.52.193.0/24 AMT', '192.52.193.0', '192.52.193.255'],
  ['192.88.99.0/24 6to4 relay anycast', '192.88.99.0', '192.88.99.2', '192.88.99.255'],
  ['192.168.0.0/16 private', '192.168.0.0', '192.168.255.255'],
  ['192.175.48.0/24 AS112 direct delegation', '192.175.48.0', '192.175.48.255'],
  ['198.18.0.0/15 benchmarking', '198.18.0.0', '198.19.255.255'],
  ['198.51.100.0/24 TEST-NET-2', '198.51.100.0', '198.51.100.255'],
  ['203.0.113.0/24 TEST-NET-3', '203.0.113.0', '203.0.113.255'],
  ['224.0.0.0/4 multicast', '224.0.0.1', '239.255.255.255'],
  ['240.0.0.0/4 reserved', '240.0.0.0', '255.255.255.254'],
  ['255.255.255.255/32 limited broadcast', '255.255.255.255'],
  ['::1/128 loopback', '::1'],
  ['::/128 unspecified', '::'],
  ['::ffff:0:0/96 IPv4-mapped, of a special IPv4', '::ffff:192.0.0.9', '::ffff:198.18.0.1'],
  ['64:ff9b::/96 NAT64, of a special IPv4', '64:ff9b::c000:1', '64:ff9b::198.18.0.1'],
  ['64:ff9b:1::/48 local-use NAT64', '64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff', '64:ff9b:1::808:808'],
  ['100::/64 discard-only', '100::', '100::ffff:ffff:ffff:ffff'],
  ['100:0:0:1::/64 dummy prefix', '100:0:0:1::1'],
  ['2001::/23 IETF protocol assignments', '2001::', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001::/32 Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['2001:1::1/128, ::2, ::3 anycast', '2001:1::1', '2001:1::2', '2001:1::3'],
  ['2001:2::/48 benchmarking', '2001:2::1'],
  ['2001:3::/32 AMT', '2001:3::1'],
  ['2001:4:112::/48 AS112-v6', '2001:4:112::1'],
  ['2001:10::/28 ORCHID', '2001:10::1'],
  ['2001:20::/28 ORCHIDv2', '2001:20::1', '2001:2f:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:30::/28 drone remote ID', '2001:30::1'],
  ['2001:db8::/32 documentation', '2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2002::/16 6to4, of a special IPv4', '2002:c000:201::1', '2002:c612:1::1', '2002::1'],
  ['2620:4f:8000::/48 AS112 direct delegation', '2620:4f:8000::1'],
  ['3fff::/20 documentation', '3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['5f00::/16 segment routing SIDs', '5f00::1'],
  ['fc00::/7 unique local', 'fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['fe80::/10 link-local', 'fe80::', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['ff00::/8 multicast', 'ff02::1', 'ff0e::1'],
];

const PUBLIC_URLS = [
  'https://hooks.example.com/sunstack',
  'http://localhost:8080/hook', // a name: judged by its addresses at delivery
  'https://93.184.216.34/hook',
  'http://172.32.0.1/hook',
  'http://172.15.255.255/hook',
  'http://100.128.0.1/hook',
  'http://192.169.0.1/hook',
  'http://192.0.1.1/hook',
  'http://198.17.255.255/hook',
  'http://198.20.0.1/hook',
  'http://[2606:4700::1111]/hook',
  'http://[::ffff:8.8.8.8]/hook',
  // Public IPv4 addresses carried in IPv6: NAT64 and 6to4 reach them.
  'http://[64:ff9b::808:808]/hook',
  'http://[64:ff9b::1.1.1.1]/hook',
  'http://[2002:808:808::1]/hook',
  'http://[2001:200::1]/hook', // just past 2001::/23
  'http://[2620:4f:8001::1]/hook',
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

  it.each(SPECIAL_PURPOSE)('refuses every address of the special-purpose range %s', (_, ...addresses) => {
    for (const address of addresses) {
      expect(isPrivateAddress(address), address).toBe(true);
      const host = address.includes(':') ? `[${address}]` : address;
      expect(webhookUrlProblem(`https://${host}/hook`, false), address).toMatch(/is a private address$/);
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
    // At delivery, what a name resolves to is judged the same way: IPv4 carried in IPv6 too.
    for (const address of ['::7f00:1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1', '198.18.0.1', '192.0.0.170']) {
      expect((await resolve(address, true)).error?.code, address).toBe('EPRIVATE');
    }
    expect(await resolve('64:ff9b::808:808', false)).toEqual({ error: null, address: '64:ff9b::808:808', family: 6 });
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
      { plantId: fleet.plantId, severities: ['fault'], email: false, push: false, webhookUrl },
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
    const fields = { plantId: fleet.plantId, severities: ['fault' as const], email: false, push: false };
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
    // Claiming counts the attempt; its outcome is written after it: wait for both outcomes.
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
