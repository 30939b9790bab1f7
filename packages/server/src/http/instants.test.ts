import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../test/harness.ts';

/** Found by the fuzz suite: an instant no Date holds failed the statement (500) where a filter took any integer. */
let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
});
afterAll(() => t.close());

const BEYOND_DATES = Number.MAX_SAFE_INTEGER;

describe('instants in filters', () => {
  it.each(['/c/v0/log/operation/list', '/c/v0/log/operation/export', '/c/v0/log/account/list', '/c/v0/log/account/export'])(
    '%s refuses one beyond the range of a date, as invalid input',
    async (path) => {
      for (const filters of [{ from: BEYOND_DATES }, { to: BEYOND_DATES }]) {
        const answer = await t.call('POST', path, filters, { token: admin.token });
        expect(answer.body.errno, JSON.stringify(filters)).toBe(Errno.bodyInvalid);
      }
    },
  );

  it('a device history range refuses them too', async () => {
    const body = { sn: 'DEV0001', begin: BEYOND_DATES - 60_000, end: BEYOND_DATES, variables: ['pvPower'] };
    expect((await t.call('POST', '/c/v0/device/history/query', body, { token: admin.token })).body.errno).toBe(Errno.bodyInvalid);
  });
});
