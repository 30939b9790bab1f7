import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { signedHeaders, startTestApp, type TestApp } from '../../test/harness.ts';
import { createKey, openApiHeaders } from '../openApi/testClient.ts';

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

describe('API keys cached across processes', () => {
  async function accessCountFromSecond(key: string) {
    const path = '/op/v0/user/getAccessCount';
    const response = await second.http.inject({ method: 'GET', url: path, headers: openApiHeaders(path, key) });
    return response.json().errno as number;
  }

  it("a key revoked in one process stops in the other, which had it cached; so do a disabled account's keys", async () => {
    const owner = await first.createAccount(Access.endUser);
    const key = await createKey(first, owner.token);
    expect(await accessCountFromSecond(key)).toBe(0);
    expect(await accessCountFromSecond(key)).toBe(0);
    const [listed] = (await first.call('POST', '/c/v0/apikey/list', {}, { token: owner.token })).body.result.keys;
    await first.call('POST', '/c/v0/apikey/delete', { id: listed.id }, { token: owner.token });
    expect(await eventually(async () => (await accessCountFromSecond(key)) === Errno.tokenExpired)).toBe(true);

    const admin = await first.createAccount(Access.admin);
    const member = await first.createAccount(Access.installer);
    const memberKey = await createKey(first, member.token);
    expect(await accessCountFromSecond(memberKey)).toBe(0);
    expect((await first.call('POST', '/c/v0/user/status', { id: member.id, enabled: false }, { token: admin.token })).body.errno).toBe(0);
    expect(await eventually(async () => (await accessCountFromSecond(memberKey)) === Errno.tokenInvalid)).toBe(true);
  });
});
