import { Access, Errno, LIMITS, PERMISSIONS, type Permission } from '@sunstack/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttemptLimiter } from '../../core/attempts.ts';
import type { Session } from '../../core/caller.ts';
import { account, auditLog, organisation } from '../../db/schema.ts';
import { createUnitOfWork } from '../../db/unitOfWork.ts';
import type { AppError } from '../../http/errors.ts';
import { type ApiAnswer, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { codeIn } from '../../test/mailCapture.ts';
import { createAccountRepo } from '../account/repo.ts';
import { createAuditRepo } from '../audit/repo.ts';
import { createAuditService } from '../audit/service.ts';
import { createSessionRepo } from '../session/repo.ts';
import { createSessionService } from '../session/service.ts';
import { createSessionCache } from '../session/sessionCache.ts';
import { createUserRepo } from './repo.ts';
import { createUserService, ONE_TIME_PASSWORD_LENGTH } from './service.ts';

/**
 * User management over two distributor branches (A and B), each with an agent organisation:
 * who sees, creates and changes which accounts, and the one-time password flow.
 */
let t: TestApp;
const acc: Record<string, TestAccount> = {};
const org = { root: 0, distA: 0, agentA: 0, distB: 0, agentB: 0 };

async function branch(parentId: number, kind: 'distributor' | 'agent', code: string) {
  const [row] = await t.database.db
    .insert(organisation)
    .values({ parentId, kind, name: `Org ${code}`, code })
    .returning({ id: organisation.id });
  return (row as { id: number }).id;
}

beforeAll(async () => {
  t = await startTestApp();
  org.root = await createAccountRepo(t.database.db).rootOrganisationId();
  org.distA = await branch(org.root, 'distributor', 'UMDISTA1');
  org.agentA = await branch(org.distA, 'agent', 'UMAGENTA');
  org.distB = await branch(org.root, 'distributor', 'UMDISTB1');
  org.agentB = await branch(org.distB, 'agent', 'UMAGENTB');
  const make = async (name: string, access: number, organisationId: number) => {
    acc[name] = await t.createAccount(access as 1, { username: name, organisationId });
  };
  await make('um_admin', Access.admin, org.root);
  await make('um_integrator', Access.integrator, org.root);
  await make('um_dist_a', Access.distributor, org.distA);
  await make('um_dist_a2', Access.distributor, org.distA);
  await make('um_agent_a', Access.agent, org.agentA);
  await make('um_inst_a', Access.installer, org.agentA);
  await make('um_user_a', Access.endUser, org.agentA);
  await make('um_dist_b', Access.distributor, org.distB);
  await make('um_agent_b', Access.agent, org.agentB);
  await make('um_user_b', Access.endUser, org.agentB);
});
afterAll(() => t.close());

const token = (name: string) => acc[name]?.token as string;
const id = (name: string) => acc[name]?.id as number;
const list = (caller: string, filters: Record<string, unknown> = {}) =>
  t.call('POST', '/c/v0/user/list', { pageSize: 50, ...filters }, { token: token(caller) });
const usernames = (answer: { body: ApiAnswer }) => answer.body.result.users.map((u: { username: string }) => u.username).sort();
const create = (caller: string, body: Record<string, unknown>) => t.call('POST', '/c/v0/user/create', body, { token: token(caller) });
const login = (user: string, password: string) => t.call('POST', '/c/v0/user/login', { user, password });

let seq = 0;
const newUser = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return { username: `um_new_${seq}`, email: `um_new_${seq}@example.test`, access: Access.endUser, ...overrides };
};

describe('list', () => {
  it('shows the administrator every account, a branch manager its branch only', async () => {
    const all = await list('um_admin');
    expect(usernames(all)).toEqual(expect.arrayContaining(Object.keys(acc)));
    expect(usernames(await list('um_dist_a'))).toEqual(['um_agent_a', 'um_dist_a', 'um_dist_a2', 'um_inst_a', 'um_user_a']);
    expect(usernames(await list('um_agent_a'))).toEqual(['um_agent_a', 'um_inst_a', 'um_user_a']);
    const b = await list('um_dist_b');
    expect(usernames(b)).toEqual(['um_agent_b', 'um_dist_b', 'um_user_b']);
    expect(b.body.result.total).toBe(3);
  });

  it('says which accounts the caller may change: roles below its own, never itself', async () => {
    const rows = (await list('um_dist_a')).body.result.users as { username: string; manageable: boolean }[];
    const manageable = Object.fromEntries(rows.map((row) => [row.username, row.manageable]));
    expect(manageable).toEqual({ um_agent_a: true, um_dist_a: false, um_dist_a2: false, um_inst_a: true, um_user_a: true });
    const admin = (await list('um_admin', { username: 'um_admin' })).body.result.users[0];
    expect(admin).toMatchObject({ username: 'um_admin', manageable: false, enabled: true, organisationKind: 'manufacturer' });
  });

  it('filters by user name, name, email, role and status', async () => {
    await t.database.db
      .update(account)
      .set({ name: 'Renate Sonnenschein' })
      .where(eq(account.id, id('um_inst_a')));
    expect(usernames(await list('um_admin', { username: 'UM_DIST' }))).toEqual(['um_dist_a', 'um_dist_a2', 'um_dist_b']);
    expect(usernames(await list('um_admin', { name: 'sonnen' }))).toEqual(['um_inst_a']);
    expect(usernames(await list('um_admin', { email: 'user_b@example' }))).toEqual(['um_user_b']);
    expect(usernames(await list('um_dist_a', { access: Access.agent }))).toEqual(['um_agent_a']);
    expect((await list('um_dist_a', { status: 'disabled' })).body.result.total).toBe(0);
    // LIKE wildcards in a filter are taken literally.
    expect((await list('um_admin', { username: '%' })).body.result.total).toBe(0);
  });

  it('pages on the server', async () => {
    const first = await t.call('POST', '/c/v0/user/list', { pageSize: 10, currentPage: 1 }, { token: token('um_admin') });
    const second = await t.call('POST', '/c/v0/user/list', { pageSize: 10, currentPage: 2 }, { token: token('um_admin') });
    expect(first.body.result.users).toHaveLength(10);
    expect(second.body.result.users.length).toBe(first.body.result.total - 10);
    const ids = [...first.body.result.users, ...second.body.result.users].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await t.call('POST', '/c/v0/user/list', { pageSize: 15 }, { token: token('um_admin') })).body.errno).toBe(Errno.bodyInvalid);
  });

  it('offers the organisations of the branch to place an account in', async () => {
    const names = async (caller: string, name?: string) =>
      (
        await t.call('GET', `/c/v0/user/organisations${name ? `?name=${name}` : ''}`, undefined, { token: token(caller) })
      ).body.result.organisations
        .map((o: { name: string }) => o.name)
        .sort();
    expect(await names('um_dist_a')).toEqual(['Org UMAGENTA', 'Org UMDISTA1']);
    expect(await names('um_agent_a')).toEqual(['Org UMAGENTA']);
    expect(await names('um_admin', 'UMDISTB')).toEqual(['Org UMDISTB1']);
  });
});

describe('create', () => {
  it('creates an account with a one-time password, answered once, which signs in and must be changed', async () => {
    const body = newUser({ access: Access.agent, organisationId: org.agentA, name: 'Ada Agent', phone: '+49 170 555 0101' });
    const created = await create('um_dist_a', body);
    expect(created.body.errno).toBe(0);
    const { id: newId, password } = created.body.result;
    expect(password).toHaveLength(ONE_TIME_PASSWORD_LENGTH);
    expect(password.length).toBeGreaterThanOrEqual(LIMITS.password.min);
    const detail = await t.call('GET', `/c/v0/user/detail?id=${newId}`, undefined, { token: token('um_dist_a') });
    expect(detail.body.result).toMatchObject({
      username: body.username,
      name: 'Ada Agent',
      access: Access.agent,
      organisationId: org.agentA,
      enabled: true,
      passwordChangeRequired: true,
      manageable: true,
    });
    const signedIn = await login(body.username, password);
    expect(signedIn.body.result).toMatchObject({ access: Access.agent, passwordChangeRequired: true });
    // Two accounts never share a one-time password.
    const other = await create('um_dist_a', newUser());
    expect(other.body.result.password).not.toBe(password);
  });

  it("places the account in the caller's own organisation when none is given", async () => {
    const created = await create('um_agent_a', newUser({ access: Access.installer }));
    const detail = await t.call('GET', `/c/v0/user/detail?id=${created.body.result.id}`, undefined, { token: token('um_admin') });
    expect(detail.body.result.organisationId).toBe(org.agentA);
  });

  it('lets a manager give only roles below its own; the administrator any', async () => {
    for (const access of [Access.distributor, Access.admin, Access.integrator]) {
      expect((await create('um_dist_a', newUser({ access, organisationId: org.distA }))).body.errno, `distributor → ${access}`).toBe(
        Errno.roleNotAssignable,
      );
    }
    for (const access of [Access.agent, Access.distributor, Access.admin]) {
      expect((await create('um_agent_a', newUser({ access }))).body.errno, `agent → ${access}`).toBe(Errno.roleNotAssignable);
    }
    const admins = [
      { access: Access.admin, organisationId: org.root },
      { access: Access.integrator, organisationId: org.root },
      { access: Access.distributor, organisationId: org.distB },
      { access: Access.agent, organisationId: org.agentB },
      { access: Access.endUser, organisationId: org.distB },
    ];
    for (const placement of admins) {
      expect((await create('um_admin', newUser(placement))).body.errno, JSON.stringify(placement)).toBe(0);
    }
  });

  it('places accounts only in organisations of the branch that fit the role', async () => {
    const refused = [
      ['um_dist_a', { access: Access.agent, organisationId: org.distA }], // an agent sits in an agent organisation
      ['um_dist_a', { access: Access.installer, organisationId: org.agentB }], // another branch
      ['um_dist_a', { access: Access.installer, organisationId: org.root }], // above the branch
      ['um_agent_a', { access: Access.installer, organisationId: org.distA }], // the agent's parent
      ['um_admin', { access: Access.integrator, organisationId: org.agentA }], // integrators are outside the tree
      ['um_admin', { access: Access.distributor, organisationId: org.agentA }],
      ['um_dist_a', { access: Access.installer, organisationId: 999_999 }], // missing: the same answer
    ] as const;
    for (const [caller, placement] of refused) {
      const answer = await create(caller, newUser(placement));
      expect(answer.body, `${caller} ${JSON.stringify(placement)}`).toEqual({ errno: Errno.organisationNotAssignable, result: {} });
    }
    expect((await create('um_dist_a', newUser({ access: Access.installer, organisationId: org.agentA }))).body.errno).toBe(0);
    expect((await create('um_dist_a', newUser({ access: Access.endUser, organisationId: org.distA }))).body.errno).toBe(0);
  });

  it('validates user name (4-20), email and phone, and creates nothing on bad input', async () => {
    const before = (await list('um_admin')).body.result.total;
    const bad: [Record<string, unknown>, string][] = [
      [{ username: 'abc' }, 'body.username'],
      [{ username: 'a'.repeat(21) }, 'body.username'],
      [{ username: 'has space' }, 'body.username'],
      [{ email: 'not-an-email' }, 'body.email'],
      [{ phone: '12' }, 'body.phone'],
      [{ access: 7 }, 'body.access'],
      [{ organisationId: -1 }, 'body.organisationId'],
    ];
    for (const [fields, path] of bad) {
      const answer = await create('um_admin', newUser(fields));
      expect(answer.body.errno, JSON.stringify(fields)).toBe(Errno.bodyInvalid);
      expect(answer.body.result.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await create('um_admin', newUser({ username: 'UM_USER_A' }))).body.errno).toBe(Errno.usernameTaken);
    expect((await create('um_admin', newUser({ email: 'UM_user_a@example.test' }))).body.errno).toBe(Errno.emailTaken);
    expect((await list('um_admin')).body.result.total).toBe(before);
  });

  it('never takes a password, status, path or ids from the body (mass assignment)', async () => {
    for (const extra of [
      { password: 'chosen-by-me' },
      { passwordHash: 'x' },
      { passwordChangeRequired: false },
      { disabledAt: null },
      { organisationPath: '/1/' },
      { clientId: 'abc' },
      { id: 1 },
    ]) {
      const answer = await create('um_dist_a', newUser({ access: Access.endUser, ...extra }));
      expect(answer.body.errno, JSON.stringify(extra)).toBe(Errno.bodyInvalid);
    }
  });

  it('writes the creation to the operation log, without any password', async () => {
    const body = newUser({ access: Access.installer, organisationId: org.agentA });
    const created = await create('um_dist_a', body);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(created.body.result.id)));
    expect(entry).toMatchObject({ action: 'account.create', objectType: 'account', actorId: id('um_dist_a') });
    expect(entry?.after).toMatchObject({ username: body.username, access: Access.installer, organisationId: org.agentA });
    expect(JSON.stringify(entry)).not.toContain(created.body.result.password);
    expect(JSON.stringify(entry?.after)).not.toMatch(/password/i);
  });
});

describe('edit', () => {
  const edit = (caller: string, body: Record<string, unknown>) => t.call('POST', '/c/v0/user/edit', body, { token: token(caller) });

  it('changes details and records before and after', async () => {
    const target = await create('um_agent_a', newUser({ access: Access.endUser }));
    const targetId = target.body.result.id;
    const answer = await edit('um_agent_a', {
      id: targetId,
      name: 'Ed Edited',
      phone: '+33 6 12 34 56 78',
      email: 'ed.edited@example.test',
    });
    expect(answer.body.errno).toBe(0);
    const detail = await t.call('GET', `/c/v0/user/detail?id=${targetId}`, undefined, { token: token('um_agent_a') });
    expect(detail.body.result).toMatchObject({ name: 'Ed Edited', phone: '+33 6 12 34 56 78', email: 'ed.edited@example.test' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(targetId)))
      .orderBy(desc(auditLog.id));
    expect(entry?.before).toMatchObject({ name: '' });
    expect(entry?.after).toEqual({ name: 'Ed Edited', phone: '+33 6 12 34 56 78', email: 'ed.edited@example.test' });
  });

  it('changes role and organisation only within what the caller may give, and ends the sessions of a moved account', async () => {
    const target = await create('um_dist_a', newUser({ access: Access.installer, organisationId: org.agentA }));
    const targetId = target.body.result.id;
    const username = (await t.call('GET', `/c/v0/user/detail?id=${targetId}`, undefined, { token: token('um_admin') })).body.result
      .username;
    // Sign in once and change the one-time password, so the account has a working session.
    const signedIn = await login(username, target.body.result.password);
    const session = signedIn.body.result.token;
    await t.call(
      'POST',
      '/c/v0/user/password',
      { oldPassword: target.body.result.password, newPassword: 'chosen-123' },
      { token: session },
    );
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: session })).body.errno).toBe(0);

    expect((await edit('um_dist_a', { id: targetId, access: Access.distributor })).body.errno).toBe(Errno.roleNotAssignable);
    expect((await edit('um_dist_a', { id: targetId, access: Access.agent, organisationId: org.distA })).body.errno).toBe(
      Errno.organisationNotAssignable,
    );
    expect((await edit('um_dist_a', { id: targetId, organisationId: org.agentB })).body.errno).toBe(Errno.organisationNotAssignable);
    // Refused changes change nothing, and leave the session alone.
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: session })).body.errno).toBe(0);

    expect((await edit('um_dist_a', { id: targetId, organisationId: org.distA })).body.errno).toBe(0);
    const moved = await t.call('GET', `/c/v0/user/detail?id=${targetId}`, undefined, { token: token('um_dist_a') });
    expect(moved.body.result).toMatchObject({ organisationId: org.distA, access: Access.installer });
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: session })).body.errno).toBe(Errno.signedOutElsewhere);
  });

  it('refuses a taken email and changes nothing', async () => {
    const answer = await edit('um_dist_a', { id: id('um_user_a'), email: 'um_inst_a@example.test', name: 'Not saved' });
    expect(answer.body.errno).toBe(Errno.emailTaken);
    const detail = await t.call('GET', `/c/v0/user/detail?id=${id('um_user_a')}`, undefined, { token: token('um_dist_a') });
    expect(detail.body.result).toMatchObject({ email: 'um_user_a@example.test', name: '' });
  });

  it('answers 40300 for an account the caller sees but may not change: a peer, itself, a higher role', async () => {
    expect((await edit('um_dist_a', { id: id('um_dist_a2'), name: 'x' })).body.errno).toBe(Errno.noPermission);
    expect((await edit('um_dist_a', { id: id('um_dist_a'), name: 'x' })).body.errno).toBe(Errno.noPermission);
    expect((await edit('um_admin', { id: id('um_admin'), access: Access.endUser })).body.errno).toBe(Errno.noPermission);
  });

  it('never takes user name, password, status, path or ids from the body (mass assignment)', async () => {
    for (const extra of [
      { username: 'renamed' },
      { passwordHash: 'x' },
      { password: 'x12345' },
      { passwordChangeRequired: false },
      { disabledAt: null },
      { organisationPath: '/1/' },
      { clientId: 'abc' },
      { createdAt: 0 },
    ]) {
      const answer = await edit('um_dist_a', { id: id('um_user_a'), ...extra });
      expect(answer.body.errno, JSON.stringify(extra)).toBe(Errno.bodyInvalid);
    }
  });
});

describe('disable and enable', () => {
  const status = (caller: string, target: number, enabled: boolean) =>
    t.call('POST', '/c/v0/user/status', { id: target, enabled }, { token: token(caller) });

  it('disables an account: its sessions end and it cannot sign in until enabled again', async () => {
    const target = await t.createAccount(Access.endUser, { username: 'um_to_disable', organisationId: org.agentA });
    expect((await status('um_agent_a', target.id, false)).body.errno).toBe(0);
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: target.token })).body.errno).toBe(Errno.signedOutElsewhere);
    expect((await login(target.username, target.password)).body.errno).toBe(Errno.accountDisabled);
    expect(usernames(await list('um_agent_a', { status: 'disabled' }))).toEqual(['um_to_disable']);
    expect((await status('um_agent_a', target.id, true)).body.errno).toBe(0);
    expect((await login(target.username, target.password)).body.errno).toBe(0);
    // The old session stays ended.
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: target.token })).body.errno).toBe(Errno.signedOutElsewhere);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.objectId, String(target.id)));
    expect(actions.map((a) => a.action)).toEqual(['account.disable', 'account.enable']);
  });

  it('refuses to disable a peer or itself', async () => {
    expect((await status('um_dist_a', id('um_dist_a2'), false)).body.errno).toBe(Errno.noPermission);
    expect((await status('um_admin', id('um_admin'), false)).body.errno).toBe(Errno.noPermission);
  });
});

describe('password reset by an operator', () => {
  const reset = (caller: string, target: number) => t.call('POST', '/c/v0/user/resetPassword', { id: target }, { token: token(caller) });

  it('sets a random one-time password, answered once, and ends the sessions', async () => {
    const target = await t.createAccount(Access.installer, { username: 'um_reset_me', organisationId: org.agentA });
    const first = await reset('um_agent_a', target.id);
    expect(first.body.errno).toBe(0);
    expect(first.body.result.password).toHaveLength(ONE_TIME_PASSWORD_LENGTH);
    const second = await reset('um_agent_a', target.id);
    expect(second.body.result.password).not.toBe(first.body.result.password);
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: target.token })).body.errno).toBe(Errno.signedOutElsewhere);
    expect((await login(target.username, target.password)).body.errno).toBe(Errno.wrongCredentials);
    expect((await login(target.username, first.body.result.password)).body.errno).toBe(Errno.wrongCredentials);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(target.id)));
    expect(entries.map((e) => e.action)).toEqual(['account.resetPassword', 'account.resetPassword']);
    const [entry] = entries;
    expect(JSON.stringify(entry)).not.toContain(first.body.result.password);
  });

  it('makes the account change the password before anything else, then lets it work', async () => {
    const target = await t.createAccount(Access.endUser, { username: 'um_forced', organisationId: org.agentA });
    const oneTime = (await reset('um_agent_a', target.id)).body.result.password as string;
    const signedIn = await login(target.username, oneTime);
    expect(signedIn.body.result).toMatchObject({ access: Access.endUser, passwordChangeRequired: true });
    const session = signedIn.body.result.token as string;
    for (const [method, path, body] of [
      ['GET', '/c/v0/user/info', undefined],
      ['GET', '/c/v0/user/access', undefined],
      ['POST', '/c/v0/plant/list', {}],
      ['POST', '/c/v0/user/update', { name: 'x' }],
    ] as const) {
      expect((await t.call(method, path, body, { token: session })).body, path).toEqual({
        errno: Errno.passwordChangeRequired,
        result: {},
      });
    }
    const change = (oldPassword: string, newPassword: string) =>
      t.call('POST', '/c/v0/user/password', { oldPassword, newPassword }, { token: session });
    expect((await change(oneTime, oneTime)).body.errno).toBe(Errno.passwordUnchanged);
    expect((await change('wrong-one', 'mine-123')).body.errno).toBe(Errno.oldPasswordWrong);
    expect((await change(oneTime, '12345')).body.errno).toBe(Errno.bodyInvalid);
    expect((await change(oneTime, 'mine-123')).body.errno).toBe(0);
    // The same session now works, at once.
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: session })).body.errno).toBe(0);
    expect((await login(target.username, 'mine-123')).body.result.passwordChangeRequired).toBe(false);
    const detail = await t.call('GET', `/c/v0/user/detail?id=${target.id}`, undefined, { token: token('um_agent_a') });
    expect(detail.body.result.passwordChangeRequired).toBe(false);
  });

  it('lets a session that must change its password sign out', async () => {
    const target = await t.createAccount(Access.endUser, { username: 'um_forced_out', organisationId: org.agentA });
    const oneTime = (await reset('um_agent_a', target.id)).body.result.password as string;
    const session = (await login(target.username, oneTime)).body.result.token as string;
    expect((await t.call('POST', '/c/v0/user/logout', {}, { token: session })).body.errno).toBe(0);
    expect((await t.call('GET', '/c/v0/user/info', undefined, { token: session })).body.errno).toBe(Errno.tokenInvalid);
  });

  it('lets an integrator, which has no user center, replace its one-time password', async () => {
    const oneTime = (await reset('um_admin', id('um_integrator'))).body.result.password as string;
    const session = (await login('um_integrator', oneTime)).body.result.token as string;
    const change = await t.call('POST', '/c/v0/user/password', { oldPassword: oneTime, newPassword: 'integr8-new' }, { token: session });
    expect(change.body.errno).toBe(0);
  });

  it('a reset by emailed code also replaces a one-time password', async () => {
    const target = await t.createAccount(Access.endUser, { username: 'um_by_code', organisationId: org.agentA });
    await reset('um_agent_a', target.id);
    await t.call('POST', '/c/v0/user/sendcaptcha', { purpose: 'reset', user: target.username });
    const captcha = codeIn(await t.mail.waitFor(target.email));
    expect((await t.call('POST', '/c/v0/user/reset', { user: target.username, captcha, password: 'by-code-1' })).body.errno).toBe(0);
    expect((await login(target.username, 'by-code-1')).body.result.passwordChangeRequired).toBe(false);
  });
});

describe('scope', () => {
  type Probe = (caller: string, target: number) => Promise<ApiAnswer>;
  const PROBES: Record<string, Probe> = {
    detail: async (caller, target) => (await t.call('GET', `/c/v0/user/detail?id=${target}`, undefined, { token: token(caller) })).body,
    edit: async (caller, target) =>
      (await t.call('POST', '/c/v0/user/edit', { id: target, name: 'Probed' }, { token: token(caller) })).body,
    status: async (caller, target) =>
      (await t.call('POST', '/c/v0/user/status', { id: target, enabled: false }, { token: token(caller) })).body,
    resetPassword: async (caller, target) =>
      (await t.call('POST', '/c/v0/user/resetPassword', { id: target }, { token: token(caller) })).body,
  };
  /** Accounts each manager must not see: the other branch, and (for the agent) the distributor above it. */
  const OUT_OF_SCOPE: Record<string, string[]> = {
    um_dist_a: ['um_dist_b', 'um_agent_b', 'um_user_b', 'um_admin', 'um_integrator'],
    um_agent_a: ['um_dist_a', 'um_dist_a2', 'um_dist_b', 'um_agent_b', 'um_user_b', 'um_admin'],
    um_dist_b: ['um_dist_a', 'um_agent_a', 'um_inst_a', 'um_user_a'],
  };

  it('answers every probe outside the branch exactly like a missing account, and changes nothing', async () => {
    const missingId = Math.max(...Object.values(acc).map((a) => a.id)) + 10_000;
    let probes = 0;
    for (const [call, probe] of Object.entries(PROBES)) {
      for (const [caller, targets] of Object.entries(OUT_OF_SCOPE)) {
        const missing = await probe(caller, missingId);
        expect(missing, `${caller} ${call} missing`).toEqual({ errno: Errno.notFound, result: {} });
        for (const target of targets) {
          expect(await probe(caller, id(target)), `${caller} ${call} ${target}`).toEqual(missing);
          probes += 1;
        }
      }
    }
    for (const name of ['um_dist_b', 'um_agent_b', 'um_user_b', 'um_dist_a2']) {
      const account = acc[name] as TestAccount;
      expect((await login(name, account.password)).body.errno, name).toBe(0);
      const detail = await t.call('GET', `/c/v0/user/detail?id=${account.id}`, undefined, { token: token('um_admin') });
      expect(detail.body.result, name).toMatchObject({ name: '', enabled: true, passwordChangeRequired: false });
    }
    console.info(`user scope: ${probes} out-of-scope probes over ${Object.keys(PROBES).length} calls`);
  });
});

describe('API document', () => {
  it('lists every user management and account log call', async () => {
    const paths = Object.keys((await t.app.http.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    const calls = [
      '/c/v0/user/list',
      '/c/v0/user/detail',
      '/c/v0/user/organisations',
      '/c/v0/user/create',
      '/c/v0/user/edit',
      '/c/v0/user/status',
      '/c/v0/user/resetPassword',
      '/c/v0/log/account/list',
      '/c/v0/log/account/export',
    ];
    for (const call of calls) {
      expect(t.app.apiRoutes.map((route) => route.url)).toContain(call);
      expect(paths).toContain(call);
    }
  });
});

describe('permission switches', () => {
  const ALL_MEMBER: Permission[] = ['member.query', 'member.add', 'member.edit', 'member.delete', 'member.resetPassword'];

  it('checks the member switch of every call on the server', async () => {
    // The service itself, with a session that lacks one switch (permission groups can take any away).
    const { db, transaction, inTransaction } = createUnitOfWork(t.database.db);
    const audit = createAuditService(createAuditRepo(db), { inTransaction });
    const accounts = createAccountRepo(db);
    const sessions = createSessionService({
      sessions: createSessionRepo(db),
      accounts,
      cache: createSessionCache({ ttlMs: 1_000, maxEntries: 10, now: Date.now }),
      audit,
      attempts: createAttemptLimiter(db, Date.now),
      tokenTtlMs: 60_000,
      now: Date.now,
    });
    const users = createUserService({ users: createUserRepo(db), accounts, sessions, audit, transaction });
    const client = { ip: '127.0.0.1', userAgent: 'test' };
    const calls: Record<Permission, (session: Session) => Promise<unknown>> = {
      'member.query': (session) => users.list(session, { currentPage: 1, pageSize: 10 }),
      'member.add': (session) => users.create(session, client, { username: 'um_switch', email: 'um_switch@example.test', access: 1 }, 'en'),
      'member.edit': (session) => users.update(session, client, { id: id('um_user_a'), name: 'Switch' }),
      'member.delete': (session) => users.setEnabled(session, client, id('um_user_a'), false),
      'member.resetPassword': (session) => users.resetPassword(session, client, id('um_user_a')),
    } as Record<Permission, (session: Session) => Promise<unknown>>;
    const distA = (await t.database.db.select({ path: organisation.path }).from(organisation).where(eq(organisation.id, org.distA)))[0];
    for (const permission of ALL_MEMBER) {
      const session: Session = {
        accountId: id('um_dist_a'),
        access: Access.distributor,
        organisationPath: distA?.path as string,
        tokenHash: Buffer.alloc(32),
        permissions: PERMISSIONS.filter((code) => code !== permission),
        permissionGroupId: null,
        passwordChangeRequired: false,
      };
      await expect(calls[permission]?.(session), permission).rejects.toMatchObject({
        errno: Errno.noPermission,
      } satisfies Partial<AppError>);
    }
    const detail = await t.call('GET', `/c/v0/user/detail?id=${id('um_user_a')}`, undefined, { token: token('um_admin') });
    expect(detail.body.result).toMatchObject({ name: '', enabled: true });
    expect((await list('um_admin', { username: 'um_switch' })).body.result.total).toBe(0);
  });
});
