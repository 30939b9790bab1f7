import { Access, API_KEYS_MAX, Errno } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/rawSql.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createKey, openApiCall } from '../openApi/testClient.ts';

/**
 * API keys and their quotas (issue 19): a key is shown once and stored hashed; listed, revoked, each
 * change with its operation log entry; the account's daily quota is exact under concurrency (one
 * atomic statement per call), resets each UTC day, counts failed calls too, and has a per-second limit.
 */
const ACCESS_COUNT = '/op/v0/user/getAccessCount';
const DAY = 86_400_000;

describe('keys', () => {
  let t: TestApp;
  let owner: TestAccount;
  let stranger: TestAccount;
  let admin: TestAccount;
  beforeAll(async () => {
    t = await startTestApp({ OPEN_API_CALLS_PER_SECOND: '100000' });
    owner = await t.createAccount(Access.endUser);
    stranger = await t.createAccount(Access.installer);
    admin = await t.createAccount(Access.admin);
  });
  afterAll(() => t.close());

  const post = async (path: string, body: unknown, account: TestAccount) =>
    (await t.call('POST', path, body, { token: account.token })).body;
  const entries = (action: string) =>
    selectRows<{ actor_id: number; object_id: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select actor_id::int, object_id, before, after from audit_log where action = ${action} order by id`,
    );

  it('shows a new key once, keeps only its hash, and logs its creation with its name', async () => {
    const created = await post('/c/v0/apikey/create', { name: 'Home Assistant' }, owner);
    expect(created.errno).toBe(0);
    expect(created.result.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await selectRows<{ key_hash: unknown }>(t.database.db, sql`select key_hash from api_key where id = ${created.result.id}`);
    expect(JSON.stringify(row)).not.toContain(created.result.key);
    const list = await post('/c/v0/apikey/list', {}, owner);
    expect(list.result).toMatchObject({ callsPerDay: 1440, callsToday: 0, remainingToday: 1440 });
    expect(list.result.keys).toEqual([{ id: created.result.id, name: 'Home Assistant', createdAt: expect.any(Number), lastUsedAt: null }]);
    expect(JSON.stringify(list)).not.toContain(created.result.key);
    expect(await entries('apiKey.create')).toContainEqual({
      actor_id: owner.id,
      object_id: String(created.result.id),
      before: null,
      after: { name: 'Home Assistant' },
    });
  });

  it('refuses an empty or long name and an eleventh key', async () => {
    expect((await post('/c/v0/apikey/create', { name: ' ' }, owner)).errno).toBe(Errno.bodyInvalid);
    expect((await post('/c/v0/apikey/create', { name: 'x'.repeat(33) }, owner)).errno).toBe(Errno.bodyInvalid);
    const account = await t.createAccount(Access.endUser);
    for (let i = 0; i < API_KEYS_MAX; i += 1) await createKey(t, account.token, `k${i}`);
    expect((await post('/c/v0/apikey/create', { name: 'one more' }, account)).errno).toBe(Errno.apiKeyLimitReached);
  });

  it("records the key's last use, and revokes it (logged); another account's key answers like a missing one", async () => {
    const key = await createKey(t, stranger.token, 'script');
    expect((await openApiCall(t, 'GET', ACCESS_COUNT, undefined, key)).body.errno).toBe(0);
    const [listed] = (await post('/c/v0/apikey/list', {}, stranger)).result.keys;
    expect(listed.lastUsedAt).toEqual(expect.any(Number));
    expect(await post('/c/v0/apikey/delete', { id: listed.id }, owner)).toEqual(await post('/c/v0/apikey/delete', { id: 999_999 }, owner));
    expect((await post('/c/v0/apikey/delete', { id: listed.id }, owner)).errno).toBe(Errno.notFound);
    expect((await post('/c/v0/apikey/delete', { id: listed.id }, stranger)).errno).toBe(0);
    expect((await openApiCall(t, 'GET', ACCESS_COUNT, undefined, key)).body.errno).toBe(Errno.tokenExpired);
    expect((await post('/c/v0/apikey/list', {}, stranger)).result.keys).toEqual([]);
    expect((await entries('apiKey.revoke')).at(-1)).toEqual({
      actor_id: stranger.id,
      object_id: String(listed.id),
      before: { name: 'script' },
      after: null,
    });
  });

  it('lets administrators set an account’s quota (logged, before and after) and see its usage; nobody else', async () => {
    const user = await t.createAccount(Access.endUser);
    const key = await createKey(t, user.token, 'quota');
    await createKey(t, user.token, 'second');
    await openApiCall(t, 'GET', ACCESS_COUNT, undefined, key);
    await openApiCall(t, 'GET', ACCESS_COUNT, undefined, key);
    expect((await post('/c/v0/apikey/quota/set', { accountId: user.id, callsPerDay: 100 }, owner)).errno).toBe(Errno.noPermission);
    expect((await post('/c/v0/apikey/quota/set', { accountId: user.id, callsPerDay: -1 }, admin)).errno).toBe(Errno.bodyInvalid);
    expect((await post('/c/v0/apikey/quota/set', { accountId: 999_999, callsPerDay: 5 }, admin)).errno).toBe(Errno.notFound);
    expect((await post('/c/v0/apikey/quota/set', { accountId: user.id, callsPerDay: 100 }, admin)).errno).toBe(0);
    expect((await entries('apiKey.quota')).at(-1)).toEqual({
      actor_id: admin.id,
      object_id: String(user.id),
      before: { callsPerDay: 1440 },
      after: { callsPerDay: 100 },
    });
    const listed = await post('/c/v0/apikey/quota/list', { username: user.username }, admin);
    expect(listed.result.accounts).toEqual([
      { accountId: user.id, username: user.username, access: 1, keys: 2, callsPerDay: 100, callsToday: 2, remainingToday: 98 },
    ]);
    const count = await openApiCall(t, 'GET', ACCESS_COUNT, undefined, key);
    expect(count.body.result).toEqual({ total: '100', remaining: '97' });
  });
});

describe('quota', () => {
  let t: TestApp;
  let admin: TestAccount;
  beforeAll(async () => {
    t = await startTestApp({ OPEN_API_CALLS_PER_SECOND: '100000' });
    admin = await t.createAccount(Access.admin);
  });
  afterAll(() => t.close());

  async function accountWithQuota(callsPerDay: number) {
    const account = await t.createAccount(Access.endUser);
    await t.call('POST', '/c/v0/apikey/quota/set', { accountId: account.id, callsPerDay }, { token: admin.token });
    return { account, key: await createKey(t, account.token) };
  }

  it('gives 50 parallel clients exactly the quota, the rest 40400 with Retry-After and RateLimit headers', async () => {
    const { key } = await accountWithQuota(17);
    const answers = await Promise.all(Array.from({ length: 50 }, () => openApiCall(t, 'GET', ACCESS_COUNT, undefined, key)));
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(17);
    const refused = answers.filter((a) => a.body.errno !== 0);
    expect(refused).toHaveLength(33);
    for (const answer of refused) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ errno: Errno.tooFrequent, result: null });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(86_400);
      expect(answer.headers['ratelimit-limit']).toBe('17');
      expect(answer.headers['ratelimit-remaining']).toBe('0');
    }
    const remaining = answers.filter((a) => a.body.errno === 0).map((a) => Number(a.body.result.remaining));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, i) => i));
  });

  it('counts failed calls too, and starts again the next UTC day', async () => {
    const { key } = await accountWithQuota(3);
    expect((await openApiCall(t, 'POST', '/op/v0/device/report/query', { sn: 'x' }, key)).body.errno).toBe(Errno.bodyInvalid);
    expect((await openApiCall(t, 'POST', '/op/v1/device/real/query', { sns: ['NOSUCH'] }, key)).body.errno).toBe(Errno.wrongDevice);
    const bad = await openApiCall(t, 'GET', ACCESS_COUNT, undefined, key, {
      token: key,
      timestamp: String(Date.now()),
      signature: '0'.repeat(32),
    });
    expect(bad.body.errno).toBe(Errno.headersMissing);
    expect((await openApiCall(t, 'GET', ACCESS_COUNT, undefined, key)).body.errno).toBe(Errno.tooFrequent);
    t.clock.offsetMs += DAY;
    try {
      expect((await openApiCall(t, 'GET', ACCESS_COUNT, undefined, key)).body.result).toEqual({ total: '3', remaining: '2' });
    } finally {
      t.clock.offsetMs -= DAY;
    }
  });

  it('refuses every call of an account whose quota is 0', async () => {
    const { key } = await accountWithQuota(0);
    expect((await openApiCall(t, 'GET', ACCESS_COUNT, undefined, key)).body.errno).toBe(Errno.tooFrequent);
  });
});

describe('per-second limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ OPEN_API_CALLS_PER_SECOND: '4' });
  });
  afterAll(() => t.close());

  it('lets an account make its calls a second, answers the rest 40400 with Retry-After 1, and nothing is taken from the day', async () => {
    const account = await t.createAccount(Access.endUser);
    const key = await createKey(t, account.token);
    // One second of the app's clock, held still.
    const frozen = Math.floor(Date.now() / 1000) * 1000 + 1000;
    t.clock.offsetMs = frozen - Date.now();
    const realNow = Date.now;
    Date.now = () => frozen;
    let answers: Awaited<ReturnType<typeof openApiCall>>[];
    try {
      answers = await Promise.all(Array.from({ length: 10 }, () => openApiCall(t, 'GET', ACCESS_COUNT, undefined, key)));
    } finally {
      Date.now = realNow;
      t.clock.offsetMs = 0;
    }
    expect(answers.filter((a) => a.body.errno === 0)).toHaveLength(4);
    const refused = answers.filter((a) => a.body.errno === Errno.tooFrequent);
    expect(refused).toHaveLength(6);
    expect(refused.every((a) => a.headers['retry-after'] === '1')).toBe(true);
    const listed = (await t.call('POST', '/c/v0/apikey/list', {}, { token: account.token })).body.result;
    expect(listed).toMatchObject({ callsToday: 4, remainingToday: 1436 });
  });
});
