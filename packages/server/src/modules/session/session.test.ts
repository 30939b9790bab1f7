import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttemptLimit } from '../../core/attempts.ts';
import { passwordGuessLimits } from '../../core/attempts.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// The limits as sign-in applies them: per account and address, per address, per account.
const [PAIR, ADDRESS, ACCOUNT] = passwordGuessLimits('subject', 'ip') as [AttemptLimit, AttemptLimit, AttemptLimit];

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

  it('throttles failures per account and address, without locking the owner out from elsewhere', async () => {
    const account = await t.createAccount(Access.endUser, { username: 'carol_1' });
    for (let i = 0; i < PAIR.max; i++) {
      expect((await login('carol_1', 'wrong-pass', '10.1.0.1')).body.errno).toBe(Errno.wrongCredentials);
    }
    // Even the right password is refused from that address while throttled; the owner elsewhere gets in.
    expect((await login('carol_1', account.password, '10.1.0.1')).body.errno).toBe(Errno.passwordGuessesPaused);
    expect((await login('carol_1', account.password, '10.1.1.1')).body.errno).toBe(0);
    t.clock.offsetMs += PAIR.windowMs + 1_000;
    expect((await login('carol_1', account.password, '10.1.0.1')).body.errno).toBe(0);
  });

  it('counts user name and email of one account as one', async () => {
    const account = await t.createAccount(Access.endUser, { username: 'erin_1', email: 'erin@example.test' });
    for (let i = 0; i < PAIR.max; i++) {
      const typed = i % 2 === 0 ? 'erin_1' : 'ERIN@example.test';
      expect((await login(typed, 'wrong-pass', '10.3.0.1')).body.errno).toBe(Errno.wrongCredentials);
    }
    expect((await login('erin@example.test', account.password, '10.3.0.1')).body.errno).toBe(Errno.passwordGuessesPaused);
  });

  it('throttles failures per address across accounts', async () => {
    const account = await t.createAccount(Access.endUser, { username: 'dave_1' });
    for (let i = 0; i < ADDRESS.max; i++) await login(`someone_${i}`, 'wrong-pass', '10.2.0.1');
    expect((await login('dave_1', account.password, '10.2.0.1')).body.errno).toBe(Errno.passwordGuessesPaused);
    expect((await login('dave_1', account.password, '10.2.0.2')).body.errno).toBe(0);
  });

  it('caps failures per account across addresses, for a longer window', async () => {
    const account = await t.createAccount(Access.endUser, { username: 'frank_1' });
    for (let i = 0; i < ACCOUNT.max; i++) await login('frank_1', 'wrong-pass', `10.4.${i}.1`);
    expect((await login('frank_1', account.password, '10.4.250.1')).body.errno).toBe(Errno.passwordGuessesPaused);
    t.clock.offsetMs += ACCOUNT.windowMs + 1_000;
    expect((await login('frank_1', account.password, '10.4.250.1')).body.errno).toBe(0);
  });

  it('gives a concurrent burst exactly the allowed number of tries', async () => {
    const account = await t.createAccount(Access.endUser, { username: 'grace_1' });
    const burst = await Promise.all(Array.from({ length: 40 }, () => login('grace_1', 'wrong-pass', '10.5.0.1')));
    const errnos = burst.map((answer) => answer.body.errno);
    expect(errnos.filter((errno) => errno === Errno.wrongCredentials)).toHaveLength(PAIR.max);
    expect(errnos.filter((errno) => errno === Errno.passwordGuessesPaused)).toHaveLength(40 - PAIR.max);

    // Sixty guesses from ten addresses, the right password among the last: the account's ceiling holds.
    const guesses = Array.from({ length: 60 }, (_, i) => login('grace_1', i === 59 ? account.password : `wrong-${i}`, `10.6.${i % 10}.1`));
    const judged = (await Promise.all(guesses)).filter((answer) => answer.body.errno !== Errno.passwordGuessesPaused);
    expect(judged).toHaveLength(ACCOUNT.max - PAIR.max);
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

  it('limits wrong current passwords like failed sign-ins, concurrent ones included', async () => {
    const account = await t.createAccount(Access.installer);
    const change = (oldPassword: string) =>
      t.call('POST', '/c/v0/user/password', { oldPassword, newPassword: 'newsecret1' }, { token: account.token, ip: '10.7.0.1' });
    const errnos = (await Promise.all(Array.from({ length: 12 }, (_, i) => change(`guess-${i}`)))).map((answer) => answer.body.errno);
    expect(errnos.filter((errno) => errno === Errno.oldPasswordWrong)).toHaveLength(PAIR.max);
    expect((await change(account.password)).body.errno).toBe(Errno.passwordGuessesPaused);
    // The count is the account's: sign-in from that address waits as well.
    expect((await login(account.username, account.password, '10.7.0.1')).body.errno).toBe(Errno.passwordGuessesPaused);
  });
});
