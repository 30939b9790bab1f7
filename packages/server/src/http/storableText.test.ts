import { Access, Errno, UNSTORABLE_TEXT_MESSAGE } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/rawSql.ts';
import { startTestApp, type TestAccount, type TestApp } from '../test/harness.ts';
import { captureLog, type LogEntry } from '../test/logCapture.ts';

/** Issue 16, item 4: text PostgreSQL cannot store is refused (40257) before anything runs, in every body and query. */
let t: TestApp;
let admin: TestAccount;
let errors: LogEntry[];
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  errors = captureLog(t.app.http.log, 'error').entries;
});
afterAll(() => t.close());

const refused = (path: string) => ({ errno: Errno.bodyInvalid, result: { issues: [{ path, message: UNSTORABLE_TEXT_MESSAGE }] } });

async function count(table: 'account_log' | 'attempt' | 'audit_log' | 'account') {
  const [row] = await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return row?.n;
}

describe('text PostgreSQL cannot store', () => {
  it('is refused at sign-in and sign-up, unauthenticated, and nothing is recorded', async () => {
    const before = { failures: await count('attempt'), log: await count('account_log'), accounts: await count('account') };
    for (const text of ['ab\u0000cd', 'ab\ud800cd', 'ab\udc00cd']) {
      expect((await t.call('POST', '/c/v0/user/login', { user: text, password: 'secret123' })).body).toEqual(refused('body.user'));
      expect((await t.call('POST', '/c/v0/user/login', { user: admin.username, password: `secret${text}` })).body).toEqual(
        refused('body.password'),
      );
    }
    const signUp = {
      user: 'newcomer',
      password: 'secret\u0000123',
      email: 'newcomer@example.test',
      captcha: '123456',
      mobile: '+4917612345678',
      country: 'DE',
      accountType: 1,
      agreement: true,
    };
    expect((await t.call('POST', '/c/v1/user/register', signUp)).body).toEqual(refused('body.password'));
    expect({ failures: await count('attempt'), log: await count('account_log'), accounts: await count('account') }).toEqual(before);
  });

  it('is refused in an audited change, which then changes nothing and writes no entry', async () => {
    const details = { name: 'Helios', country: 'DE', address: 'Sonnenallee 1', email: '', phone: '', website: '' };
    const entries = await count('audit_log');
    const answer = await t.call('POST', '/c/v0/company/update', { ...details, address: 'Sonnen\ud800allee' }, { token: admin.token });
    expect(answer.body).toEqual(refused('body.address'));
    expect(await count('audit_log')).toBe(entries);
    expect((await t.call('GET', '/c/v0/company/info', undefined, { token: admin.token })).body.result.address).not.toContain('Sonnen');
  });

  it('is found anywhere: in arrays, in keys (named by the object holding them), in the query', async () => {
    const grant = { sns: ['DEV000000000001', 'DEV\u00002'], integrator: 'someone' };
    expect((await t.call('POST', '/c/v0/device/grant', grant, { token: admin.token })).body).toEqual(refused('body.sns.1'));
    const withBadKey = { sn: 'DEV000000000001', integrator: 'someone', 'x\udfff': 1 };
    expect((await t.call('POST', '/c/v0/device/revoke', withBadKey, { token: admin.token })).body).toEqual(refused('body'));
    expect((await t.call('GET', '/c/v0/device/detail?sn=DEV%00', undefined, { token: admin.token })).body).toEqual(
      refused('querystring.sn'),
    );
  });

  it('lets a surrogate pair through: it is an ordinary character', async () => {
    const details = { name: 'Helios \u{1F31E}', country: 'DE', address: '', email: '', phone: '', website: '' };
    expect((await t.call('POST', '/c/v0/company/update', details, { token: admin.token })).body.errno).toBe(0);
    expect((await t.call('GET', '/c/v0/company/info', undefined, { token: admin.token })).body.result.name).toBe('Helios \u{1F31E}');
  });

  it('logged nothing at error level', () => {
    expect(errors).toEqual([]);
  });
});
