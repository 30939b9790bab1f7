import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Access, Errno, uplinkTopic, webhookNotice, webhookSummary } from '@sunstack/shared';
import { faultText } from '@sunstack/shared/fault-messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { account, alarmNotice, mailOutbox, notificationOutbox, notificationSubscription, plant } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { openTestDatabase, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { type CapturedMail, startMailCapture } from '../../test/mailCapture.ts';
import { createAccountRepo } from '../account/repo.ts';
import { STORM } from './notices.ts';
import { createNotificationRepo } from './repo.ts';
import { createNotificationService } from './service.ts';

const MINUTE = 60_000;

// ---- a webhook receiver: a local HTTP server that keeps every request and answers as planned ----

interface Hook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Hook[] = [];
  /** Statuses to answer per path, in order; 200 once they run out. */
  const plan = new Map<string, number[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(plan.get(path)?.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const at = (path: string) => received.filter((hook) => hook.path === path);
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    plan,
    at,
    /** The first `count` requests to `path`, once they arrived. */
    async waitFor(path: string, count = 1, timeoutMs = 15_000) {
      await waitUntil(() => at(path).length >= count, `${count} webhook(s) to ${path}`, timeoutMs);
      return at(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

async function waitUntil(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sign = (body: string, secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Subject and body of a captured mail, MIME encodings undone. */
function readMail(mail: CapturedMail) {
  const split = mail.raw.indexOf('\r\n\r\n');
  const head = mail.raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = mail.raw.slice(split + 4);
  if (/content-transfer-encoding:\s*base64/i.test(head)) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  else if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  const encoded = head.match(/^subject: (.*)$/im)?.[1] ?? '';
  const subject = encoded.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
  return { subject, body: body.replace(/\r\n/g, '\n') };
}

const eventMessage = (fleet: FleetPlant, events: { ts: number; device?: string; code: number; state: 'raised' | 'cleared' }[]) =>
  Buffer.from(JSON.stringify({ seq: 1, events: events.map((e) => ({ device: fleet.devices[0]?.sn, ...e })) }));

// ---- subscriptions ----

describe('alarm subscription calls', () => {
  let t: TestApp;
  let fleet: FleetPlant;
  let admin: TestAccount;
  let stranger: TestAccount;
  beforeAll(async () => {
    t = await startTestApp();
    fleet = await createFleetPlant(t.database.db);
    admin = await t.createAccount(Access.admin);
    stranger = await t.createAccount(Access.endUser);
  });
  afterAll(() => t.close());

  const save = (who: TestAccount, body: unknown) =>
    t.call('POST', '/c/v0/alarm/subscription/save', body, { token: who.token }).then((a) => a.body);
  const list = (who: TestAccount) => t.call('POST', '/c/v0/alarm/subscription/list', {}, { token: who.token }).then((a) => a.body);

  it('refuses bad input with translatable messages, naming each field', async () => {
    const issues = async (body: unknown) => {
      const answer = await save(admin, body);
      expect(answer.errno).toBe(Errno.bodyInvalid);
      return answer.result.issues as { path: string; message: string }[];
    };
    expect(await issues({})).toEqual(
      expect.arrayContaining([
        { path: 'body.plantId', message: 'validation.required' },
        { path: 'body.severities', message: 'validation.required' },
        { path: 'body.email', message: 'validation.required' },
        { path: 'body.webhookUrl', message: 'validation.required' },
      ]),
    );
    const valid = { plantId: null, severities: ['fault'], email: true, push: false, webhookUrl: null };
    expect(await issues({ ...valid, severities: [] })).toEqual([{ path: 'body.severities', message: 'validation.required' }]);
    expect(await issues({ ...valid, severities: ['critical'] })).toEqual([{ path: 'body.severities.0', message: 'validation.invalid' }]);
    expect(await issues({ ...valid, webhookUrl: 'ftp://example.com/hook' })).toEqual([
      { path: 'body.webhookUrl', message: 'powerInfo.validation.website' },
    ]);
    expect(await issues({ ...valid, webhookUrl: 'not a url' })).toEqual([
      { path: 'body.webhookUrl', message: 'powerInfo.validation.website' },
    ]);
    expect(await issues({ ...valid, webhookUrl: `https://example.com/${'x'.repeat(2100)}` })).toEqual([
      { path: 'body.webhookUrl', message: 'validation.tooLong' },
    ]);
    // No channel at all.
    expect(await issues({ ...valid, email: false })).toEqual([{ path: 'body.email', message: 'alarmNotify.channelRequired' }]);
    expect(await issues({ ...valid, accountId: 1 })).toHaveLength(1);
    expect((await list(admin)).result.subscriptions).toEqual([]);
  });

  it('answers a plant out of scope exactly like a missing one, and writes nothing', async () => {
    const body = { severities: ['fault'], email: true, push: false, webhookUrl: null };
    const outOfScope = await save(stranger, { ...body, plantId: fleet.plantId });
    const missing = await save(stranger, { ...body, plantId: 987_654_321 });
    expect(outOfScope).toEqual({ errno: Errno.notFound, result: {} });
    expect(JSON.stringify(outOfScope)).toBe(JSON.stringify(missing));
    expect(await t.database.db.select().from(notificationSubscription).where(eq(notificationSubscription.accountId, stranger.id))).toEqual(
      [],
    );
  });

  it('shows a webhook secret once, keeps it on changes, renews it on request, and deletes only its own', async () => {
    const body = {
      plantId: fleet.plantId,
      severities: ['warning', 'fault'],
      email: true,
      push: false,
      webhookUrl: 'https://hooks.example.com/sunstack',
    };
    const created = await save(admin, body);
    expect(created.errno).toBe(0);
    const secret = created.result.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.result.subscription).toEqual({
      id: expect.any(Number),
      plantId: fleet.plantId,
      plantName: expect.stringMatching(/^Fixture /),
      severities: ['warning', 'fault'],
      email: true,
      push: false,
      webhookUrl: 'https://hooks.example.com/sunstack',
      storm: false,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    const listed = await list(admin);
    expect(listed.result.subscriptions).toEqual([created.result.subscription]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    // The same plant again replaces the subscription and keeps the secret, unanswered.
    const changed = await save(admin, { ...body, severities: ['fault', 'fault'], webhookUrl: 'https://hooks.example.com/other' });
    expect(changed.result).toMatchObject({ secret: null, subscription: { id: created.result.subscription.id, severities: ['fault'] } });
    const stored = async () =>
      (
        await t.database.db.select().from(notificationSubscription).where(eq(notificationSubscription.id, created.result.subscription.id))
      )[0];
    expect((await stored())?.webhookSecret).toBe(secret);
    const renewed = await save(admin, { ...body, renewSecret: true });
    expect(renewed.result.secret).toMatch(/^whsec_/);
    expect(renewed.result.secret).not.toBe(secret);
    // Without a webhook there is no secret; a new webhook gets a new one.
    expect((await save(admin, { ...body, webhookUrl: null })).result.secret).toBeNull();
    expect((await stored())?.webhookSecret).toBeNull();
    expect((await save(admin, body)).result.secret).toMatch(/^whsec_/);

    // Every plant in scope is a subscription of its own.
    const everything = await save(admin, { ...body, plantId: null, webhookUrl: null });
    expect(everything.result.subscription).toMatchObject({ plantId: null, plantName: '' });
    expect((await list(admin)).result.subscriptions).toHaveLength(2);

    const remove = (who: TestAccount, id: number) =>
      t.call('POST', '/c/v0/alarm/subscription/delete', { id }, { token: who.token }).then((a) => a.body);
    expect(await remove(stranger, everything.result.subscription.id)).toEqual({ errno: Errno.notFound, result: {} });
    expect(await remove(admin, everything.result.subscription.id)).toEqual({ errno: 0, result: {} });
    expect(await remove(admin, everything.result.subscription.id)).toEqual({ errno: Errno.notFound, result: {} });
    expect((await list(admin)).result.subscriptions.map((s: { plantId: number }) => s.plantId)).toEqual([fleet.plantId]);
  });

  it('is in the API document under alarm', async () => {
    const document = (await t.app.http.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const call of ['list', 'save', 'delete']) {
      expect(document.paths[`/c/v0/alarm/subscription/${call}`]?.post?.tags).toEqual(['alarm']);
    }
  });
});

// ---- deliveries, with the jobs running as in production ----

describe('alarm notifications', () => {
  let t: TestApp;
  let receiver: Receiver;
  let fleet: FleetPlant;
  let plantName: string;
  let watcher: TestAccount;
  let secret: string;

  const subscribe = async (who: TestAccount, body: Record<string, unknown>) => {
    const answer = await t.call('POST', '/c/v0/alarm/subscription/save', body, { token: who.token });
    expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
    return answer.body.result as { subscription: { id: number }; secret: string | null };
  };
  const send = (target: FleetPlant, events: Parameters<typeof eventMessage>[1]) =>
    t.app.ingest.receive(target.dataloggerSn, uplinkTopic(target.dataloggerSn, 'event'), eventMessage(target, events));
  const noticesLeft = async () => (await t.database.db.select({ id: alarmNotice.id }).from(alarmNotice)).length;

  beforeAll(async () => {
    // The receiver listens on 127.0.0.1, which the SSRF guard refuses unless private addresses are allowed.
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await startReceiver();
    fleet = await createFleetPlant(t.database.db, { devices: 2 });
    plantName = (await t.database.db.select({ name: plant.name }).from(plant).where(eq(plant.id, fleet.plantId)))[0]?.name as string;
    watcher = await t.createAccount(Access.admin);
    await t.database.db.update(account).set({ language: 'de' }).where(eq(account.id, watcher.id));
    const saved = await subscribe(watcher, {
      plantId: fleet.plantId,
      severities: ['warning', 'fault'],
      email: true,
      push: false,
      webhookUrl: receiver.url('/watcher'),
    });
    secret = saved.secret as string;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("mails a fault raised through the ingest in the account's language and posts a signed webhook; the clear follows", async () => {
    const raisedAt = Date.now() - 2 * MINUTE;
    await send(fleet, [{ ts: raisedAt, code: 1001, state: 'raised' }]);

    const { subject, body } = readMail(await t.mail.waitFor(watcher.email));
    const german = faultText(1001, 'de');
    expect(subject).toBe(`Alarm in ${plantName}: ${german?.name} (Störung)`);
    const localTime = new Intl.DateTimeFormat('de', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(raisedAt);
    for (const part of [
      `In der Anlage ${plantName} wurde ein Alarm ausgelöst.`,
      `Gerät: ${fleet.devices[0]?.sn}`,
      `Datenlogger: ${fleet.dataloggerSn}`,
      `Alarmcode: 1001 ${german?.name}`,
      'Schweregrad: Störung',
      `Wahrscheinliche Ursache: ${german?.cause}`,
      `Empfohlene Maßnahme: ${german?.action}`,
      'Häufigkeit: 1',
      '(Europe/Berlin)',
      localTime,
    ]) {
      expect(body).toContain(part);
    }

    const [hook] = await receiver.waitFor('/watcher');
    expect(hook?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-sunstack-event': 'raised',
      'x-sunstack-delivery': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'x-sunstack-signature': sign(hook?.body as string, secret),
    });
    const notice = webhookNotice.strict().parse(JSON.parse(hook?.body as string));
    expect(notice).toEqual({
      event: 'raised',
      at: raisedAt,
      alarmId: expect.any(Number),
      severity: 'fault',
      code: 1001,
      name: faultText(1001, 'en')?.name,
      deviceSn: fleet.devices[0]?.sn,
      dataloggerSn: fleet.dataloggerSn,
      plantId: fleet.plantId,
      plantName,
      raisedAt,
      lastRaisedAt: raisedAt,
      clearedAt: null,
      occurrences: 1,
    });

    await send(fleet, [{ ts: raisedAt + MINUTE, code: 1001, state: 'cleared' }]);
    const cleared = readMail(await t.mail.waitFor(watcher.email));
    expect(cleared.subject).toBe(`Alarm beendet in ${plantName}: ${german?.name}`);
    expect(cleared.body).toContain(`Ein Alarm in der Anlage ${plantName} ist beendet.`);
    const [, clearHook] = await receiver.waitFor('/watcher', 2);
    expect(clearHook?.headers['x-sunstack-event']).toBe('cleared');
    expect(clearHook?.headers['x-sunstack-signature']).toBe(sign(clearHook?.body as string, secret));
    expect(JSON.parse(clearHook?.body as string)).toMatchObject({
      event: 'cleared',
      alarmId: notice.alarmId,
      clearedAt: raisedAt + MINUTE,
    });
    expect(clearHook?.headers['x-sunstack-delivery']).not.toBe(hook?.headers['x-sunstack-delivery']);
  });

  it('sends nothing to an account that does not see the alarm when it is delivered', async () => {
    // A stranger subscribed to every plant in its (empty) scope; a former owner lost the plant after subscribing.
    const stranger = await t.createAccount(Access.endUser);
    await subscribe(stranger, {
      plantId: null,
      severities: ['warning', 'fault'],
      email: true,
      push: false,
      webhookUrl: receiver.url('/stranger'),
    });
    const former = await t.createAccount(Access.endUser);
    const [{ ownerId } = { ownerId: null }] = await t.database.db
      .select({ ownerId: plant.ownerId })
      .from(plant)
      .where(eq(plant.id, fleet.plantId));
    await t.database.db.update(plant).set({ ownerId: former.id }).where(eq(plant.id, fleet.plantId));
    await subscribe(former, {
      plantId: fleet.plantId,
      severities: ['warning', 'fault'],
      email: true,
      push: false,
      webhookUrl: receiver.url('/former'),
    });
    await t.database.db.update(plant).set({ ownerId }).where(eq(plant.id, fleet.plantId));

    await send(fleet, [{ ts: Date.now() - MINUTE, code: 1002, state: 'raised' }]);
    // The watcher hears of it (same pass, same transaction as any delivery to the others).
    await t.mail.waitFor(watcher.email);
    await receiver.waitFor('/watcher', 3);
    await waitUntil(async () => (await noticesLeft()) === 0, 'the notice consumed');
    const mails = await t.database.db.select({ to: mailOutbox.recipient }).from(mailOutbox);
    expect(mails.map((m) => m.to)).not.toContain(stranger.email);
    expect(mails.map((m) => m.to)).not.toContain(former.email);
    expect(receiver.at('/stranger')).toEqual([]);
    expect(receiver.at('/former')).toEqual([]);
  });

  it('retries a failing webhook with back-off and delivers it once, with the same id, body and signature', async () => {
    const flaky = await t.createAccount(Access.admin);
    const saved = await subscribe(flaky, {
      plantId: fleet.plantId,
      severities: ['warning'],
      email: false,
      push: false,
      webhookUrl: receiver.url('/flaky'),
    });
    receiver.plan.set('/flaky', [500]);
    await send(fleet, [{ ts: Date.now() - MINUTE, code: 1020, state: 'raised' }]);
    await receiver.waitFor('/flaky', 1);
    const delivery = async () =>
      (await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.subscriptionId, saved.subscription.id)))[0];
    await waitUntil(async () => (await delivery())?.lastStatus === 500, 'the failure recorded');
    const failed = await delivery();
    expect(failed).toMatchObject({ attempts: 1, lastError: 'HTTP 500', deliveredAt: null, failedAt: null });
    // Due again 30 s later, not before.
    expect((failed?.nextAttemptAt.getTime() ?? 0) - Date.now() - t.clock.offsetMs).toBeGreaterThan(25_000);
    await sleep(2_500);
    expect(receiver.at('/flaky')).toHaveLength(1);

    t.clock.offsetMs += 31_000;
    const [first, second] = await receiver.waitFor('/flaky', 2);
    await waitUntil(async () => (await delivery())?.deliveredAt != null, 'the delivery marked delivered');
    expect(await delivery()).toMatchObject({ attempts: 2, lastStatus: 200, lastError: null, failedAt: null });
    for (const header of ['x-sunstack-delivery', 'x-sunstack-signature', 'x-sunstack-event']) {
      expect(second?.headers[header], header).toBe(first?.headers[header]);
    }
    expect(second?.body).toBe(first?.body);
    expect(second?.headers['x-sunstack-signature']).toBe(sign(second?.body as string, saved.secret as string));
    // Delivered: never sent again.
    t.clock.offsetMs += 2 * 3_600_000;
    await sleep(2_500);
    expect(receiver.at('/flaky')).toHaveLength(2);
  });

  it(`summarises a storm (more than ${STORM.maxSingles} in ${STORM.windowMs / MINUTE} minutes) in one mail and one webhook, then resumes single notices`, async () => {
    const storm = await createFleetPlant(t.database.db, { devices: 30 });
    const stormName = (await t.database.db.select({ name: plant.name }).from(plant).where(eq(plant.id, storm.plantId)))[0]?.name;
    const onCall = await t.createAccount(Access.admin);
    const saved = await subscribe(onCall, {
      plantId: storm.plantId,
      severities: ['fault'],
      email: true,
      push: false,
      webhookUrl: receiver.url('/storm'),
    });
    const subscription = async () =>
      (await t.database.db.select().from(notificationSubscription).where(eq(notificationSubscription.id, saved.subscription.id)))[0];

    const ts = Date.now() - MINUTE;
    await send(
      storm,
      storm.devices.map((device, i) => ({ ts: ts + i * 1000, device: device.sn, code: 1001, state: 'raised' as const })),
    );
    await waitUntil(async () => (await noticesLeft()) === 0 && (await subscription())?.summaryDueAt != null, 'the storm held');
    await sleep(2_500);
    expect(t.mail.received.filter((mail) => mail.to === onCall.email)).toEqual([]);
    expect(receiver.at('/storm')).toEqual([]);

    // The summary goes out once the burst had a minute to gather.
    t.clock.offsetMs += STORM.gatherMs + 1_000;
    const summary = readMail(await t.mail.waitFor(onCall.email));
    expect(summary.subject).toBe(`Alarms on ${stormName} in the last 10 minutes: 30`);
    const lines = summary.body.split('\n');
    expect(lines.filter((line) => line.startsWith('- '))).toHaveLength(STORM.listed);
    expect(
      lines.filter((line) => line.startsWith('- ') && line.includes(`· raised · Fault · 1001 ${faultText(1001, 'en')?.name}`)),
    ).toHaveLength(STORM.listed);
    expect(lines).toContain('… and 10 more');
    const [hook] = await receiver.waitFor('/storm');
    expect(hook?.headers['x-sunstack-event']).toBe('summary');
    expect(hook?.headers['x-sunstack-signature']).toBe(sign(hook?.body as string, saved.secret as string));
    const parsed = webhookSummary.parse(JSON.parse(hook?.body as string));
    expect(parsed).toMatchObject({ event: 'summary', plantId: storm.plantId, count: 30 });
    expect(parsed.notices.map((n) => n.deviceSn).sort()).toEqual(storm.devices.map((d) => d.sn).sort());

    // A quiet summary slot ends the storm; the next alarm comes on its own.
    t.clock.offsetMs += STORM.everyMs + 1_000;
    await waitUntil(async () => (await subscription())?.summaryDueAt === null, 'the storm over');
    await send(storm, [{ ts: Date.now(), code: 1002, state: 'raised' }]);
    const single = readMail(await t.mail.waitFor(onCall.email));
    expect(single.subject).toBe(`Alarm on ${stormName}: ${faultText(1002, 'en')?.name} (Fault)`);
    const hooks = await receiver.waitFor('/storm', 2);
    expect(hooks[1]?.headers['x-sunstack-event']).toBe('raised');
    expect(t.mail.received.filter((mail) => mail.to === onCall.email)).toHaveLength(2);
  });
});

// ---- durability across a restart ----

describe('a restart between commit and send', () => {
  let database: Database & { dispose(): Promise<void> };
  let receiver: Receiver;
  beforeAll(async () => {
    database = await openTestDatabase();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await database.dispose();
  });

  it('loses nothing: a notice committed before the jobs ran, and a delivery written but not sent, go out after the restart', async () => {
    const capture = await startMailCapture();
    const config = loadConfig({
      SMTP_URL: `smtp://127.0.0.1:${capture.port}`,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    const db = database.db;
    const fleet = await createFleetPlant(db);
    const accounts = createAccountRepo(db);
    const { id: accountId } = await accounts.insert({
      organisationId: await accounts.rootOrganisationId(),
      username: 'restart_admin',
      email: 'restart@example.test',
      passwordHash: 'x',
      access: Access.admin,
      clientId: 'restart',
    });
    const repo = createNotificationRepo(db);
    const secret = 'whsec_restart';
    await repo.save(
      accountId,
      { plantId: fleet.plantId, severities: ['fault'], email: true, push: false, webhookUrl: receiver.url('/restart') },
      secret,
      false,
    );

    // 1. The alarm is committed (and its notice with it); the process ends before any job ran.
    const before = await buildApp({ config, database });
    await before.ingest.receive(
      fleet.dataloggerSn,
      uplinkTopic(fleet.dataloggerSn, 'event'),
      eventMessage(fleet, [{ ts: Date.now(), code: 1001, state: 'raised' }]),
    );
    expect(await db.select().from(alarmNotice)).toHaveLength(1);
    await before.http.close();

    // 2. Another notice is turned into deliveries by a dispatcher whose process ends before sending.
    const between = await buildApp({ config, database });
    await between.ingest.receive(
      fleet.dataloggerSn,
      uplinkTopic(fleet.dataloggerSn, 'event'),
      eventMessage(fleet, [{ ts: Date.now(), code: 1002, state: 'raised' }]),
    );
    const dispatcherOnly = createNotificationService({
      repo,
      allowPrivateWebhooks: true,
      listen: async () => async () => {},
      now: Date.now,
      log: between.http.log,
      platformLog: between.platformLog,
      push: { subject: 'mailto:ops@example.test', alarmUrl: 'http://localhost/bus/alarm' },
    });
    // Both notices become deliveries in one pass; none is sent.
    await dispatcherOnly.dispatchNotices();
    expect(await db.select().from(alarmNotice)).toEqual([]);
    expect(await db.select({ id: notificationOutbox.id }).from(notificationOutbox)).toHaveLength(2);
    expect(await db.select({ id: mailOutbox.id }).from(mailOutbox).where(sql`sent_at is null`)).toHaveLength(2);
    await between.http.close();

    // 3. A new process: its jobs send both, each once.
    const after = await buildApp({ config, database });
    const stop = new AbortController();
    const jobs = after.runJobs(stop.signal);
    try {
      const mails = [await capture.waitFor('restart@example.test'), await capture.waitFor('restart@example.test')];
      const subjects = mails.map((mail) => readMail(mail).subject);
      expect(subjects).toEqual(
        expect.arrayContaining(
          [faultText(1001, 'en')?.name, faultText(1002, 'en')?.name].map((name) => expect.stringContaining(name as string)),
        ),
      );
      const hooks = await receiver.waitFor('/restart', 2);
      expect(hooks.map((hook) => JSON.parse(hook.body).code).sort()).toEqual([1001, 1002]);
      for (const hook of hooks) expect(hook.headers['x-sunstack-signature']).toBe(sign(hook.body, secret));
      await waitUntil(
        async () => (await db.select().from(notificationOutbox).where(sql`delivered_at is null`)).length === 0,
        'the deliveries marked delivered',
      );
      await sleep(2_500);
      expect(receiver.at('/restart')).toHaveLength(2);
      expect(capture.received).toHaveLength(2);
    } finally {
      stop.abort();
      await jobs;
      await after.http.close();
      await capture.close();
    }
  });
});
