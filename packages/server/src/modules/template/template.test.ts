import { Access, Errno, type Strategy } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/rawSql.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { periodOf } from '../../test/schedule.ts';

/**
 * Work model templates (issue 18): saved per organisation, listed, changed and deleted with their
 * operation log entries, each value checked with the shared schema; another branch's template
 * answers like a missing one; an installer changes only its own.
 */
let t: TestApp;
let admin: TestAccount;
let distributor: TestAccount;
let installer: TestAccount;
let colleague: TestAccount;
let otherBranch: TestAccount;
let endUser: TestAccount;

const STRATEGY: Strategy = {
  WorkMode: 'TimePeriods',
  MinSoc: 20,
  SchedulePeriods: [periodOf('02:00', '05:00')],
  PricePeriods: [{ start: '23:00', end: '06:00', kind: 'valley', price: 0.12 }],
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  const north = await t.createBranch('distributor', 'NORTHTPL');
  const south = await t.createBranch('distributor', 'SOUTHTPL');
  distributor = await t.createAccount(Access.distributor, { organisationId: north });
  installer = await t.createAccount(Access.installer, { organisationId: north });
  colleague = await t.createAccount(Access.installer, { organisationId: north });
  otherBranch = await t.createAccount(Access.distributor, { organisationId: south });
  endUser = await t.createAccount(Access.endUser, { organisationId: north });
});
afterAll(() => t.close());

const post = async (path: string, body: unknown, account: TestAccount) => (await t.call('POST', path, body, { token: account.token })).body;
const create = (body: unknown, account = installer) => post('/c/v0/template/create', body, account);
const list = async (account: TestAccount, body = {}) => (await post('/c/v0/template/list', body, account)).result;
const entries = (objectId: number) =>
  selectRows<{ action: string; before: unknown; after: unknown }>(
    t.database.db,
    sql`select action, "before", "after" from audit_log where object_type = 'template' and object_id = ${String(objectId)} order by id`,
  );

describe('templates', () => {
  it('saves a strategy under a name, lists it to its branch, and logs the change', async () => {
    const { errno, result } = await create({ name: 'Night charge', strategy: STRATEGY });
    expect(errno).toBe(0);
    const mine = await list(installer);
    expect(mine.templates).toEqual([
      expect.objectContaining({ id: result.id, name: 'Night charge', strategy: STRATEGY, writable: true, createdBy: installer.username }),
    ]);
    // The distributor of the branch sees it and may change it; a colleague installer sees it, read-only.
    expect((await list(distributor)).templates.map((row: { id: number; writable: boolean }) => [row.id, row.writable])).toEqual([
      [result.id, true],
    ]);
    expect((await list(colleague)).templates.map((row: { writable: boolean }) => row.writable)).toEqual([false]);
    expect((await list(admin)).total).toBeGreaterThanOrEqual(1);
    expect((await list(otherBranch)).templates).toEqual([]);
    expect(await entries(result.id)).toEqual([
      { action: 'template.create', before: null, after: { name: 'Night charge', strategy: STRATEGY } },
    ]);
  });

  it('refuses invalid strategies with the rule that failed, and a name taken in the organisation, saving nothing', async () => {
    const before = (await list(admin)).total;
    const refused = async (body: unknown, message: string) => {
      const answer = await create(body);
      expect(answer.errno, message).toBe(Errno.bodyInvalid);
      expect(answer.result.issues.map((issue: { message: string }) => issue.message)).toContain(message);
    };
    const withPeriods = (periods: unknown[]) => ({ name: 'Bad', strategy: { ...STRATEGY, SchedulePeriods: periods } });
    await refused({ name: '', strategy: STRATEGY }, 'template.nameLength');
    await refused(withPeriods([periodOf('02:00', '05:00'), periodOf('04:00', '06:00')]), 'validation.periodsOverlap');
    await refused(
      withPeriods(
        Array.from({ length: 9 }, (_, i) => periodOf(`${String(i * 2).padStart(2, '0')}:00`, `${String(i * 2 + 1).padStart(2, '0')}:00`)),
      ),
      'validation.periodsMax',
    );
    await refused(withPeriods([periodOf('02:00', '05:00', { fdSoc: 10 })]), 'validation.fdSocBelowMin');
    await refused(withPeriods([periodOf('02:00', '05:00', { fdPwr: 6001 })]), 'validation.periodPowerRange');
    await refused(withPeriods([periodOf('02:00', '02:10')]), 'validation.periodTooShort');
    await refused({ name: 'Bad', strategy: { ...STRATEGY, MinSoc: 5 } }, 'validation.socRange');
    await refused(
      { name: 'Bad', strategy: { ...STRATEGY, PricePeriods: [{ start: '01:00', end: '04:00', kind: 'peak', price: 500 }] } },
      'validation.priceRange',
    );
    expect((await create({ name: 'night CHARGE', strategy: STRATEGY })).errno).toBe(Errno.templateNameTaken);
    expect((await list(admin)).total).toBe(before);
    // Another organisation may use the name.
    expect((await create({ name: 'Night charge', strategy: STRATEGY }, otherBranch)).errno).toBe(0);
  });

  it("changes and deletes a template with the before in the log; another branch's answers like a missing one; a colleague's is read-only", async () => {
    const { result } = await create({ name: 'Peak shave', strategy: STRATEGY });
    const changed = { ...STRATEGY, WorkMode: 'SelfUse' as const, MinSoc: 30 };
    const missing = { id: 99_999_999, name: 'X', strategy: STRATEGY };
    for (const [account, id, errno] of [
      [otherBranch, result.id, Errno.notFound],
      [admin, missing.id, Errno.notFound],
      [colleague, result.id, Errno.noPermission],
    ] as const) {
      expect((await post('/c/v0/template/update', { id, name: 'Y', strategy: changed }, account)).errno).toBe(errno);
      expect((await post('/c/v0/template/delete', { id }, account)).errno).toBe(errno);
    }
    expect((await post('/c/v0/template/update', { id: result.id, name: 'Peak shave 2', strategy: changed }, installer)).errno).toBe(0);
    expect((await post('/c/v0/template/delete', { id: result.id }, distributor)).errno).toBe(0);
    expect((await entries(result.id)).map((entry) => entry.action)).toEqual(['template.create', 'template.update', 'template.delete']);
    expect((await entries(result.id))[2]?.before).toEqual({ name: 'Peak shave 2', strategy: changed });
    expect((await list(installer)).templates.map((row: { id: number }) => row.id)).not.toContain(result.id);
  });

  it('is not for end users or integrators', async () => {
    expect((await post('/c/v0/template/list', {}, endUser)).errno).toBe(Errno.noPermission);
    const integrator = await t.createAccount(Access.integrator);
    expect((await create({ name: 'X', strategy: STRATEGY }, integrator)).errno).toBe(Errno.noPermission);
  });
});
