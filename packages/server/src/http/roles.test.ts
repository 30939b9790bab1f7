import { ALL_CALLS, Errno, ROLES } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../test/harness.ts';

let t: TestApp;
const accounts = new Map<number, TestAccount>();
beforeAll(async () => {
  t = await startTestApp();
  for (const role of ROLES) accounts.set(role, await t.createAccount(role));
});
afterAll(() => t.close());

describe('role enforcement on every call', () => {
  it('answers 40300 to every role a call does not allow, and lets every allowed role through', async () => {
    let probes = 0;
    const restricted = t.app.apiRoutes.filter((route) => Array.isArray(route.access));
    expect(restricted.length).toBeGreaterThan(0);
    for (const route of restricted) {
      for (const role of ROLES) {
        const account = accounts.get(role) as TestAccount;
        const body = route.method === 'GET' ? undefined : {};
        const { body: answer } = await t.call(route.method as 'GET' | 'POST', route.url, body, { token: account.token });
        const allowed = (route.access as readonly number[]).includes(role);
        if (allowed) expect(answer.errno, `${role} ${route.method} ${route.url}`).not.toBe(Errno.noPermission);
        else expect(answer.errno, `${role} ${route.method} ${route.url}`).toBe(Errno.noPermission);
        probes += 1;
      }
    }
    console.info(`role matrix: ${probes} probes over ${restricted.length} calls`);
  });

  it('requires a session on every call that is not public', async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access !== 'public' && r.access !== 'unsigned')) {
      const { body } = await t.call(route.method as 'GET' | 'POST', route.url, route.method === 'GET' ? undefined : {});
      expect(body.errno, `${route.method} ${route.url}`).toBe(Errno.tokenInvalid);
    }
  });
});

describe('declared calls (shared/src/calls)', () => {
  it('are exactly the API calls the server serves, each with its declared access', () => {
    const served = t.app.apiRoutes.map((route) => ({ call: `${route.method} ${route.url}`, access: route.access }));
    const declared = ALL_CALLS.map((call) => ({ call: `${call.method} ${call.path}`, access: call.access }));
    const byCall = (a: { call: string }, b: { call: string }) => a.call.localeCompare(b.call);
    expect(served.sort(byCall)).toEqual(declared.sort(byCall));
    expect(new Set(declared.map((d) => d.call)).size).toBe(declared.length);
  });
});
