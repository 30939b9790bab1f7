import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { signedHeaders, startTestApp, type TestApp } from '../../test/harness.ts';

/** Two API processes on one database, as production runs them. */
let first: TestApp;
let second: App;
beforeAll(async () => {
  first = await startTestApp();
  second = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), database: first.database });
});
afterAll(async () => {
  await second.http.close();
  await first.close();
});

async function infoFromSecond(token: string) {
  const path = '/c/v0/user/info';
  const response = await second.http.inject({ method: 'GET', url: path, headers: signedHeaders(path, token, 'en') });
  return response.json().errno as number;
}

/** Waits for the other process to hear the NOTIFY; it normally takes milliseconds. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('session cache across processes', () => {
  it('a sign-out in one process ends the session in the other, which had it cached', async () => {
    const account = await first.createAccount(Access.endUser);
    expect(await infoFromSecond(account.token)).toBe(0);
    expect(await infoFromSecond(account.token)).toBe(0);
    await first.call('POST', '/c/v0/user/logout', {}, { token: account.token });
    expect(await eventually(async () => (await infoFromSecond(account.token)) === Errno.tokenInvalid)).toBe(true);
  });

  it('a password change in one process ends the other sessions everywhere', async () => {
    const account = await first.createAccount(Access.installer);
    const other = await first.signIn(account.username, account.password);
    expect(await infoFromSecond(other)).toBe(0);
    await first.call('POST', '/c/v0/user/password', { oldPassword: account.password, newPassword: 'changed-1' }, { token: account.token });
    expect(await eventually(async () => (await infoFromSecond(other)) === Errno.signedOutElsewhere)).toBe(true);
    expect(await infoFromSecond(account.token)).toBe(0);
  });
});
