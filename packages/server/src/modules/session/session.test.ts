import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS, THROTTLE_WINDOW_MS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = (user: string, password: string, ip = '10.0.0.1') => t.call('POST', '/c/v0/user/login', { user, password }, { ip });

describe('sign-in', () => {
  it('takes a user name or an email, in any case, and answers token and access', async () => {
    const account = await t.createAccount(Access.installer, { username: 'Alice_1', email: 'Alice@Example.test' });
    for (const user of ['Alice_1', 'alice_1', 'alice@example.test']) {
      const { body } = await login(user, account.password, '10.0.1.1');
      expect(body.errno).toBe(0);
      expect(body.result.access).toBe(Access.installer);
      expect(body.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    await t.createAccount(Access.endUser, { username: 'bob_1' });
    const wrong = await login('bob_1', 'nope-nope', '10.0.2.1');
    const unknown = await login('nobody_here', 'nope-nope', '10.0.2.2');
    expect(wrong).toEqual(unknown);
    expect(wrong.body).toEqual({ errno: Errno.wrongCredentials, result: {} });
  });

  it('rejects unknown body keys: a request cannot set its own access', async () => {
    const { body } = await t.call('POST', '/c/v0/user/login', { user: 'bob_1', password: 'secret123', access: 255 });
    expect(body.errno).toBe(Errno.bodyInvalid);
  });

  it('throttles failures per account', async () => {
    const account = await t.createAccount(Access.endUser, { username: 'carol_1' });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await login('carol_1', 'wrong-pass', `10.1.0.${i}`)).body.errno).toBe(Errno.wrongCredentials);
    }
    // Even the right password is refused while throttled, from any address.
    expect((await login('carol_1', account.password, '10.1.1.1')).body.errno).toBe(Errno.tooFrequent);
    t.clock.offsetMs += THROTTLE_WINDOW_MS + 1_000;
    expect((await login('carol_1', account.password, '10.1.1.1')).body.errno).toBe(0);
  });

  it('throttles failures per address across accounts', async () => {
    const account = await t.createAccount(Access.endUser, { username: 'dave_1' });
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) await login(`someone_${i}`, 'wrong-pass', '10.2.0.1');
    expect((await login('dave_1', account.password, '10.2.0.1')).body.errno).toBe(Errno.tooFrequent);
    expect((await login('dave_1', account.password, '10.2.0.2')).body.errno).toBe(0);
  });
});

describe('tokens', () => {
  it('ends a session on sign-out: the token is then invalid', async () => {
    const account = await t.createAccount(Access.agent);
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: account.token })).body.errno).toBe(0);
    expect((await t.call('POST', '/c/v0/user/logout', {}, { token: account.token })).body.errno).toBe(0);
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: account.token })).body.errno).toBe(Errno.tokenInvalid);
  });

  it('rejects a missing, unknown or malformed token', async () => {
    expect((await t.call('GET', '/c/v0/user/info')).body.errno).toBe(Errno.tokenInvalid);
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: 'x'.repeat(43) })).body.errno).toBe(Errno.tokenInvalid);
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: '💥' })).body.errno).not.toBe(0);
  });

  it('expires a token after its lifetime', async () => {
    const account = await t.createAccount(Access.distributor);
    t.clock.offsetMs += 7 * 24 * 3_600_000 + 60_000;
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: account.token })).body.errno).toBe(Errno.tokenExpired);
  });

  it('ends the other sessions when the password changes (41810), keeping the one that changed it', async () => {
    const account = await t.createAccount(Access.installer);
    const second = await t.signIn(account.username, account.password);
    const change = await t.call(
      'POST',
      '/c/v0/user/password',
      { oldPassword: account.password, newPassword: 'newsecret1' },
      { token: account.token },
    );
    expect(change.body.errno).toBe(0);
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: account.token })).body.errno).toBe(0);
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: second })).body.errno).toBe(Errno.signedOutElsewhere);
    expect((await login(account.username, account.password, '10.3.0.1')).body.errno).toBe(Errno.wrongCredentials);
    expect((await login(account.username, 'newsecret1', '10.3.0.1')).body.errno).toBe(0);
  });

  it('refuses a password change with a wrong current password and changes nothing', async () => {
    const account = await t.createAccount(Access.installer);
    const change = await t.call(
      'POST',
      '/c/v0/user/password',
      { oldPassword: 'not-it', newPassword: 'newsecret1' },
      { token: account.token },
    );
    expect(change.body.errno).toBe(Errno.oldPasswordWrong);
    expect((await login(account.username, account.password, '10.4.0.1')).body.errno).toBe(0);
  });
});
