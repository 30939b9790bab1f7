import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createAccountRepo } from '../account/repo.ts';

let t: TestApp;
let admin: TestAccount;

const call = (path: string, body: unknown, token = admin.token) => t.call('POST', path, body, { token });
const distributor = (extra: Record<string, unknown> = {}) => ({
  name: 'Nordic Solar',
  country: 'SE',
  email: 'office@nordic.example',
  ...extra,
});

/** Creates a distributor and an account of access 4 in it. */
async function distributorWithAccount(name: string) {
  const created = await call('/c/v0/distributor/create', distributor({ name }));
  expect(created.body.errno).toBe(0);
  const account = await t.createAccount(Access.distributor, { organisationId: created.body.result.id });
  return { id: created.body.result.id as number, account };
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
});
afterAll(() => t.close());

describe('distributor management (spec section 3)', () => {
  it('creates a distributor with a generated sign-up code that joins sign-ups to it, and lists its fields', async () => {
    const { body } = await call('/c/v0/distributor/create', distributor());
    expect(body.errno).toBe(0);
    expect(body.result.code).toMatch(/^[A-Z2-9]{8}$/);
    const joins = await createAccountRepo(t.database.db).branchByCode(body.result.code.toLowerCase());
    expect(joins).toEqual({ id: body.result.id, kind: 'distributor' });

    const list = await call('/c/v0/distributor/list', { name: 'nordic' });
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.branches[0]).toMatchObject({
      id: body.result.id,
      kind: 'distributor',
      name: 'Nordic Solar',
      country: 'SE',
      email: 'office@nordic.example',
      code: body.result.code,
      parentName: '',
      accounts: 0,
    });
    expect(Date.now() - list.body.result.branches[0].createdAt).toBeLessThan(60_000);
  });

  it('takes a chosen code in upper case, refuses one another branch holds, and bad fields, creating nothing', async () => {
    const chosen = await call('/c/v0/distributor/create', distributor({ name: 'Chosen', code: 'sun2026' }));
    expect(chosen.body.result.code).toBe('SUN2026');
    const before = (await call('/c/v0/distributor/list', {})).body.result.total;
    expect((await call('/c/v0/distributor/create', distributor({ name: 'Copy', code: 'SUN2026' }))).body.errno).toBe(
      Errno.organisationCodeTaken,
    );
    const bad: [Record<string, unknown>, string][] = [
      [distributor({ country: 'XX' }), 'validation.countryRequired'],
      [distributor({ email: 'not-an-email' }), 'validation.emailInvalid'],
      [distributor({ name: '' }), 'distributor.nameLength'],
      [distributor({ code: 'a b' }), 'distributor.codeInvalid'],
      [distributor({ parentId: 1 }), 'validation.invalid'],
    ];
    for (const [body, message] of bad) {
      const answer = await call('/c/v0/distributor/create', body);
      expect(answer.body.errno, JSON.stringify(body)).toBe(Errno.bodyInvalid);
      expect(answer.body.result.issues.map((i: { message: string }) => i.message)).toContain(message);
    }
    expect((await call('/c/v0/distributor/list', {})).body.result.total).toBe(before);
  });

  it('edits name, country, email and code, and writes the change to the operation log', async () => {
    const { id } = await distributorWithAccount('Before GmbH');
    const changed = await call('/c/v0/distributor/update', {
      id,
      name: 'After GmbH',
      country: 'AT',
      email: 'info@after.example',
      code: 'AFTER01',
    });
    expect(changed.body.errno).toBe(0);
    const list = await call('/c/v0/distributor/list', { name: 'After' });
    expect(list.body.result.branches[0]).toMatchObject({
      id,
      name: 'After GmbH',
      country: 'AT',
      email: 'info@after.example',
      code: 'AFTER01',
      accounts: 1,
    });
    const log = await call('/c/v0/log/operation/list', { objectType: 'organisation', objectId: String(id) });
    const update = log.body.result.entries.find((e: { action: string }) => e.action === 'distributor.update');
    expect(JSON.parse(update.before)).toMatchObject({ name: 'Before GmbH' });
    expect(JSON.parse(update.after)).toMatchObject({ name: 'After GmbH', code: 'AFTER01' });
    expect((await call('/c/v0/distributor/update', { id: 999_999, name: 'Ghost' })).body.errno).toBe(Errno.notFound);
  });

  it('filters by country and pages on the server', async () => {
    for (let i = 0; i < 3; i++) await call('/c/v0/distributor/create', distributor({ name: `Paged ${i}`, country: 'NO' }));
    const page = await call('/c/v0/distributor/list', { country: 'NO', pageSize: 10, currentPage: 1 });
    expect(page.body.result.total).toBe(3);
    expect(page.body.result.branches.map((b: { name: string }) => b.name)).toEqual(['Paged 2', 'Paged 1', 'Paged 0']);
    expect((await call('/c/v0/distributor/list', { country: 'NO', currentPage: 2 })).body.result.branches).toEqual([]);
  });
});

describe('agents of a distributor', () => {
  it('lets a distributor create and edit agents of its own branch only; another branch answers like a missing one', async () => {
    const north = await distributorWithAccount('North');
    const south = await distributorWithAccount('South');
    const mine = await call('/c/v0/agent/create', distributor({ name: 'North agent' }), north.account.token);
    expect(mine.body.errno).toBe(0);
    const theirs = await call('/c/v0/agent/create', distributor({ name: 'South agent' }), south.account.token);
    expect(theirs.body.errno).toBe(0);

    const listed = await call('/c/v0/agent/list', {}, north.account.token);
    expect(listed.body.result.branches.map((b: { name: string; parentName: string }) => [b.name, b.parentName])).toEqual([
      ['North agent', 'North'],
    ]);
    const missing = await call('/c/v0/agent/update', { id: 999_999, name: 'x' }, north.account.token);
    const foreign = await call('/c/v0/agent/update', { id: theirs.body.result.id, name: 'Taken over' }, north.account.token);
    expect(foreign.body).toEqual(missing.body);
    expect(missing.body.errno).toBe(Errno.notFound);
    const underSouth = await call('/c/v0/agent/create', distributor({ name: 'Sneaky', parentId: south.id }), north.account.token);
    expect(underSouth.body.errno).toBe(Errno.notFound);
    expect((await call('/c/v0/agent/list', { name: 'South agent' })).body.result.branches[0].name).toBe('South agent');

    // Agents and distributors are different lists: an agent id is not a distributor's.
    expect((await call('/c/v0/distributor/update', { id: mine.body.result.id, name: 'x' })).body.errno).toBe(Errno.notFound);
    expect(
      (await call('/c/v0/agent/update', { id: mine.body.result.id, email: 'agent@north.example' }, north.account.token)).body.errno,
    ).toBe(0);
  });

  it('has administrators place an agent under a distributor they name', async () => {
    const parent = await distributorWithAccount('Parent');
    expect((await call('/c/v0/agent/create', distributor({ name: 'Orphan' }))).body.errno).toBe(Errno.bodyInvalid);
    const agent = await call('/c/v0/agent/create', distributor({ name: 'Placed', parentId: parent.id }));
    expect(agent.body.errno).toBe(0);
    const underAgent = await call('/c/v0/agent/create', distributor({ name: 'Nested', parentId: agent.body.result.id }));
    expect(underAgent.body.errno).toBe(Errno.notFound);
    const list = await call('/c/v0/agent/list', { parentId: parent.id });
    expect(list.body.result.branches.map((b: { name: string }) => b.name)).toEqual(['Placed']);
  });

  it('keeps distributor management to administrators and agent management from agents', async () => {
    const { account } = await distributorWithAccount('Limited');
    expect((await call('/c/v0/distributor/list', {}, account.token)).body.errno).toBe(Errno.noPermission);
    const agentOrg = await call('/c/v0/agent/create', distributor({ name: 'Agent org' }), account.token);
    const agent = await t.createAccount(Access.agent, { organisationId: agentOrg.body.result.id });
    expect((await call('/c/v0/agent/list', {}, agent.token)).body.errno).toBe(Errno.noPermission);
  });
});
