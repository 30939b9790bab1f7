import { Access, DEFAULT_PERMISSIONS, Errno, PERMISSIONS, type Permission } from '@sunstack/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { account } from '../../db/schema.ts';
import { signedHeaders, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';

let t: TestApp;
/** The operator: an administrator on its role's defaults (every switch). */
let admin: TestAccount;

const post = (path: string, body: unknown, token = admin.token) => t.call('POST', path, body, { token });
const get = (path: string, token = admin.token) => t.call('GET', path, undefined, { token });
const errno = async (answer: Promise<{ body: { errno: number } }>) => (await answer).body.errno;

async function createGroup(name: string, permissions: readonly Permission[]) {
  const answer = await post('/c/v0/permissionGroup/create', { name, permissions });
  expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
  return answer.body.result.id as number;
}

async function createDepartment(name: string, parentId?: number) {
  const answer = await post('/c/v0/department/create', { name, ...(parentId ? { parentId } : {}) });
  expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
  return answer.body.result.id as number;
}

const setMember = async (id: number, fields: { departmentId?: number | null; permissionGroupId?: number | null }, token = admin.token) =>
  errno(post('/c/v0/member/update', { id, ...fields }, token));
const buttons = async (token: string) => (await get('/c/v0/user/access', token)).body.result.buttons as string[];
const departments = async () => (await get('/c/v0/department/list')).body.result.departments as { id: number; [key: string]: unknown }[];
const lastLogEntry = async () => (await post('/c/v0/log/operation/list', { pageSize: 10 })).body.result.entries[0];
const except = (...removed: Permission[]) => PERMISSIONS.filter((code) => !removed.includes(code));

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
});
afterAll(() => t.close());

describe('company details', () => {
  const details = {
    name: 'Helios Power GmbH',
    country: 'DE',
    address: 'Sonnenallee 1, 79098 Freiburg',
    email: 'info@helios.example',
    phone: '+49 761 123456',
    website: 'https://helios.example',
  };

  it('are read and changed by an administrator with organisation.edit, and the change is logged', async () => {
    expect((await post('/c/v0/company/update', details)).body.errno).toBe(0);
    expect((await get('/c/v0/company/info')).body.result).toEqual(details);
    const entry = await lastLogEntry();
    expect(entry).toMatchObject({ actor: admin.username, action: 'company.update', objectType: 'organisation' });
    expect(JSON.parse(entry.after)).toEqual(details);
  });

  it('refuse bad input with the field at fault, and change nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ name: '' }, 'powerInfo.validation.companyNameLength'],
      [{ email: 'not-an-email' }, 'validation.emailInvalid'],
      [{ phone: 'call me' }, 'validation.mobileInvalid'],
      [{ website: 'javascript:alert(1)' }, 'powerInfo.validation.website'],
      [{ country: 'Germany' }, 'validation.countryRequired'],
    ];
    for (const [change, message] of cases) {
      const answer = await post('/c/v0/company/update', { ...details, ...change });
      expect(answer.body.errno).toBe(Errno.bodyInvalid);
      expect(answer.body.result.issues[0]).toEqual({ path: `body.${Object.keys(change)[0]}`, message });
    }
    expect((await get('/c/v0/company/info')).body.result).toEqual(details);
  });

  it('need organisation.edit to change', async () => {
    const viewer = await t.createAccount(Access.admin);
    const group = await createGroup('Company viewers', except('organisation.edit'));
    expect(await setMember(viewer.id, { permissionGroupId: group })).toBe(0);
    expect((await get('/c/v0/company/info', viewer.token)).body.errno).toBe(0);
    expect(await errno(post('/c/v0/company/update', { ...details, name: 'Hijacked' }, viewer.token))).toBe(Errno.noPermission);
    expect((await get('/c/v0/company/info')).body.result.name).toBe(details.name);
  });
});

describe('departments', () => {
  it('form a tree; sibling names are unique without case, cousins may share them', async () => {
    const sales = await createDepartment('Sales');
    const europe = await createDepartment('Europe', sales);
    await createDepartment('Europe', await createDepartment('Service'));
    expect(await errno(post('/c/v0/department/create', { name: 'sales' }))).toBe(Errno.departmentNameTaken);
    expect(await errno(post('/c/v0/department/create', { name: 'EUROPE', parentId: sales }))).toBe(Errno.departmentNameTaken);
    expect(await errno(post('/c/v0/department/create', { name: 'Nowhere', parentId: 999_999 }))).toBe(Errno.notFound);
    expect(await errno(post('/c/v0/department/create', { name: ' ' }))).toBe(Errno.bodyInvalid);
    const list = await departments();
    expect(list.find((d) => d.id === europe)).toMatchObject({ parentId: sales, name: 'Europe', members: 0 });
  });

  it('are renamed, and a rename to a sibling name is refused', async () => {
    const parent = await createDepartment('Logistics');
    const first = await createDepartment('Inbound', parent);
    await createDepartment('Outbound', parent);
    expect(await errno(post('/c/v0/department/update', { id: first, name: 'Receiving' }))).toBe(0);
    expect(await errno(post('/c/v0/department/update', { id: first, name: 'outbound' }))).toBe(Errno.departmentNameTaken);
    expect((await departments()).find((d) => d.id === first)?.name).toBe('Receiving');
    expect(await errno(post('/c/v0/department/update', { id: 999_999, name: 'Ghost' }))).toBe(Errno.notFound);
  });

  it('with members or sub-departments are not deleted (clear errors); an empty one is', async () => {
    const parent = await createDepartment('Research');
    const child = await createDepartment('Batteries', parent);
    const member = await t.createAccount(Access.admin);
    expect(await setMember(member.id, { departmentId: child })).toBe(0);
    expect(await errno(post('/c/v0/department/delete', { id: child }))).toBe(Errno.departmentHasMembers);
    expect(await errno(post('/c/v0/department/delete', { id: parent }))).toBe(Errno.departmentHasChildren);
    expect((await departments()).find((d) => d.id === child)?.members).toBe(1);
    expect(await setMember(member.id, { departmentId: null })).toBe(0);
    expect(await errno(post('/c/v0/department/delete', { id: child }))).toBe(0);
    expect(await errno(post('/c/v0/department/delete', { id: parent }))).toBe(0);
    expect((await departments()).some((d) => d.id === parent || d.id === child)).toBe(false);
    expect(await errno(post('/c/v0/department/delete', { id: parent }))).toBe(Errno.notFound);
    expect(await lastLogEntry()).toMatchObject({ action: 'department.delete', objectType: 'department', objectId: String(parent) });
  });

  it('show the group their members get, inherited from the nearest department above', async () => {
    const group = await createGroup('Field engineers', ['firmware.view', 'report.query']);
    const top = await createDepartment('Field service');
    const middle = await createDepartment('North', top);
    const bottom = await createDepartment('Hamburg', middle);
    expect(await errno(post('/c/v0/department/update', { id: top, permissionGroupId: group }))).toBe(0);
    const list = await departments();
    expect(list.find((d) => d.id === top)).toMatchObject({ permissionGroupName: 'Field engineers', effectiveGroupName: 'Field engineers' });
    expect(list.find((d) => d.id === bottom)).toMatchObject({ permissionGroupId: null, effectiveGroupName: 'Field engineers' });
  });
});

describe('permission groups', () => {
  it('hold only switches of spec section 6, once each, under a unique name', async () => {
    const id = await createGroup('Support desk', ['errorRecord.query', 'errorRecord.query', 'report.query']);
    const list = await post('/c/v0/permissionGroup/list', { name: 'support' });
    expect(list.body.result.groups).toEqual([
      expect.objectContaining({ id, name: 'Support desk', permissions: ['errorRecord.query', 'report.query'], members: 0, roles: [] }),
    ]);
    expect(await errno(post('/c/v0/permissionGroup/create', { name: 'SUPPORT DESK', permissions: [] }))).toBe(
      Errno.permissionGroupNameTaken,
    );
    const unknown = await post('/c/v0/permissionGroup/create', { name: 'Root', permissions: ['everything'] });
    expect(unknown.body.errno).toBe(Errno.bodyInvalid);
    expect(unknown.body.result.issues[0].message).toBe('powerInfo.validation.switchUnknown');
    expect(await errno(post('/c/v0/permissionGroup/update', { id, name: 'Support desk', permissions: ['firmware.fly'] }))).toBe(
      Errno.bodyInvalid,
    );
  });

  it('are paginated on the server', async () => {
    for (let i = 1; i <= 12; i++) await createGroup(`Paged ${String(i).padStart(2, '0')}`, []);
    const page = await post('/c/v0/permissionGroup/list', { name: 'Paged', pageSize: 10, currentPage: 2 });
    expect(page.body.result).toMatchObject({ total: 12, currentPage: 2, pageSize: 10 });
    expect(page.body.result.groups.map((g: { name: string }) => g.name)).toEqual(['Paged 11', 'Paged 12']);
  });

  it('in use are not deleted; an unused one is, and the change is logged', async () => {
    const id = await createGroup('Temporary', ['report.query']);
    const department = await createDepartment('Temps');
    expect(await errno(post('/c/v0/department/update', { id: department, permissionGroupId: id }))).toBe(0);
    expect(await errno(post('/c/v0/permissionGroup/delete', { id }))).toBe(Errno.permissionGroupInUse);
    expect(await errno(post('/c/v0/permissionGroup/assignRole', { access: Access.installer, permissionGroupId: id }))).toBe(0);
    expect(await errno(post('/c/v0/department/update', { id: department, permissionGroupId: null }))).toBe(0);
    expect(await errno(post('/c/v0/permissionGroup/delete', { id }))).toBe(Errno.permissionGroupInUse);
    expect(await errno(post('/c/v0/permissionGroup/assignRole', { access: Access.installer, permissionGroupId: null }))).toBe(0);
    expect(await errno(post('/c/v0/permissionGroup/delete', { id }))).toBe(0);
    expect(await errno(post('/c/v0/permissionGroup/delete', { id }))).toBe(Errno.notFound);
    const entry = await lastLogEntry();
    expect(entry).toMatchObject({ action: 'permissionGroup.delete', objectType: 'permissionGroup', objectId: String(id) });
    expect(JSON.parse(entry.before)).toEqual({ name: 'Temporary', permissions: ['report.query'] });
  });

  it('list every role with its group, or its defaults', async () => {
    const id = await createGroup('Installers light', ['report.query']);
    expect(await errno(post('/c/v0/permissionGroup/assignRole', { access: Access.installer, permissionGroupId: id }))).toBe(0);
    const { roles } = (await get('/c/v0/permissionGroup/roles')).body.result;
    expect(roles).toHaveLength(6);
    expect(roles.find((r: { access: number }) => r.access === Access.installer)).toEqual({
      access: Access.installer,
      permissionGroupId: id,
      permissionGroupName: 'Installers light',
      permissions: ['report.query'],
    });
    expect(roles.find((r: { access: number }) => r.access === Access.agent)).toEqual({
      access: Access.agent,
      permissionGroupId: null,
      permissionGroupName: '',
      permissions: PERMISSIONS.filter((code) => DEFAULT_PERMISSIONS[Access.agent]?.includes(code)),
    });
    expect(await errno(post('/c/v0/permissionGroup/assignRole', { access: 7, permissionGroupId: id }))).toBe(Errno.bodyInvalid);
    expect(await errno(post('/c/v0/permissionGroup/assignRole', { access: Access.installer, permissionGroupId: 999_999 }))).toBe(
      Errno.notFound,
    );
    expect(await errno(post('/c/v0/permissionGroup/assignRole', { access: Access.installer, permissionGroupId: null }))).toBe(0);
  });
});

describe('members', () => {
  it('are the administrators only, paginated and filtered, with where their switches come from', async () => {
    const group = await createGroup('Auditors', ['audit.operationLog', 'member.query']);
    const dept = await createDepartment('Audit');
    const sub = await createDepartment('Internal audit', dept);
    const inDept = await t.createAccount(Access.admin, { username: 'aud_dept' });
    const own = await t.createAccount(Access.admin, { username: 'aud_own' });
    await t.createAccount(Access.distributor, { username: 'aud_distributor' });
    expect(await errno(post('/c/v0/department/update', { id: dept, permissionGroupId: group }))).toBe(0);
    expect(await setMember(inDept.id, { departmentId: sub })).toBe(0);
    expect(await setMember(own.id, { departmentId: dept, permissionGroupId: group })).toBe(0);

    const list = await post('/c/v0/member/list', { user: 'aud_' });
    expect(list.body.result.total).toBe(2);
    expect(list.body.result.members).toEqual([
      expect.objectContaining({
        user: 'aud_dept',
        access: 255,
        departmentName: 'Internal audit',
        permissionGroupId: null,
        effectiveGroupName: 'Auditors',
        permissionSource: 'department',
      }),
      expect.objectContaining({
        user: 'aud_own',
        departmentId: dept,
        permissionGroupId: group,
        effectiveGroupName: 'Auditors',
        permissionSource: 'own',
      }),
    ]);
    // A department filter takes the departments below it too.
    const byDepartment = await post('/c/v0/member/list', { departmentId: dept });
    expect(byDepartment.body.result.members.map((m: { user: string }) => m.user)).toEqual(['aud_dept', 'aud_own']);
    const byGroup = await post('/c/v0/member/list', { permissionGroupId: group, pageSize: 50 });
    expect(byGroup.body.result.members.map((m: { user: string }) => m.user)).toEqual(['aud_dept', 'aud_own']);
    const mine = await post('/c/v0/member/list', { user: admin.username });
    expect(mine.body.result.members[0]).toMatchObject({ permissionSource: 'default', effectiveGroupName: '' });

    const paged = await post('/c/v0/member/list', { pageSize: 10, currentPage: 1 });
    expect(paged.body.result.total).toBeGreaterThanOrEqual(4);
    expect(paged.body.result.members.every((m: { access: number }) => m.access === Access.admin)).toBe(true);
  });

  it('an account that is not an administrator answers exactly like a missing one', async () => {
    const distributor = await t.createAccount(Access.distributor);
    const notAdmin = await post('/c/v0/member/update', { id: distributor.id, departmentId: null });
    const missing = await post('/c/v0/member/update', { id: 999_999, departmentId: null });
    expect(notAdmin.body).toEqual({ errno: Errno.notFound, result: {} });
    expect(notAdmin.body).toEqual(missing.body);
    const unknownDepartment = await post('/c/v0/member/update', { id: admin.id, departmentId: 999_999 });
    expect(unknownDepartment.body.errno).toBe(Errno.notFound);
  });

  it('mass assignment: access, organisation and user name are not fields of the call', async () => {
    for (const field of [{ access: 4 }, { organisationId: 2 }, { username: 'other' }]) {
      expect(await errno(post('/c/v0/member/update', { id: admin.id, ...field }))).toBe(Errno.bodyInvalid);
    }
  });
});

describe('effective permissions', () => {
  it('a switch removed from a group answers 40300 at once for a session that holds it, and the buttons follow', async () => {
    const subject = await t.createAccount(Access.admin);
    const group = await createGroup('Log readers', ['audit.operationLog', 'member.query']);
    expect(await setMember(subject.id, { permissionGroupId: group })).toBe(0);
    // The session is cached after this call: the next checks must not wait for the cache to expire.
    expect((await post('/c/v0/log/operation/list', {}, subject.token)).body.errno).toBe(0);
    expect(await buttons(subject.token)).toEqual(['member.query', 'audit.operationLog']);

    expect(await errno(post('/c/v0/permissionGroup/update', { id: group, name: 'Log readers', permissions: ['member.query'] }))).toBe(0);
    expect((await post('/c/v0/log/operation/list', {}, subject.token)).body.errno).toBe(Errno.noPermission);
    expect(await buttons(subject.token)).toEqual(['member.query']);

    expect(await errno(post('/c/v0/permissionGroup/update', { id: group, name: 'Log readers', permissions: ['audit.operationLog'] }))).toBe(
      0,
    );
    expect((await post('/c/v0/log/operation/list', {}, subject.token)).body.errno).toBe(0);
    expect((await post('/c/v0/member/list', {}, subject.token)).body.errno).toBe(Errno.noPermission);
  });

  it('own group, else the department (or one above), else the role, else the defaults', async () => {
    const subject = await t.createAccount(Access.admin);
    const ownGroup = await createGroup('Own', ['firmware.view']);
    const departmentGroup = await createGroup('Departmental', ['report.query']);
    const parent = await createDepartment('Operations');
    const child = await createDepartment('Night shift', parent);
    expect(await buttons(subject.token)).toEqual([...PERMISSIONS]);
    expect(await errno(post('/c/v0/department/update', { id: parent, permissionGroupId: departmentGroup }))).toBe(0);
    expect(await setMember(subject.id, { departmentId: child })).toBe(0);
    expect(await buttons(subject.token)).toEqual(['report.query']);
    expect(await setMember(subject.id, { permissionGroupId: ownGroup })).toBe(0);
    expect(await buttons(subject.token)).toEqual(['firmware.view']);
    expect(await setMember(subject.id, { permissionGroupId: null, departmentId: null })).toBe(0);
    expect(await buttons(subject.token)).toEqual([...PERMISSIONS]);
  });

  it('a role group applies to every account of the role at once, and leaves other roles alone', async () => {
    const distributor = await t.createAccount(Access.distributor);
    const agent = await t.createAccount(Access.agent);
    expect((await post('/c/v0/log/operation/list', {}, distributor.token)).body.errno).toBe(0);
    const group = await createGroup('Distributors light', ['report.query', 'report.download']);
    expect(await errno(post('/c/v0/permissionGroup/assignRole', { access: Access.distributor, permissionGroupId: group }))).toBe(0);
    expect((await post('/c/v0/log/operation/list', {}, distributor.token)).body.errno).toBe(Errno.noPermission);
    expect(await buttons(distributor.token)).toEqual(['report.query', 'report.download']);
    expect((await post('/c/v0/log/operation/list', {}, agent.token)).body.errno).toBe(0);
    // A group never applies to a non-administrator through its own assignment or a department.
    expect(await setMember(distributor.id, { permissionGroupId: group })).toBe(Errno.notFound);
    expect(await errno(post('/c/v0/permissionGroup/assignRole', { access: Access.distributor, permissionGroupId: null }))).toBe(0);
    expect((await post('/c/v0/log/operation/list', {}, distributor.token)).body.errno).toBe(0);
  });

  it('member.edit alone cannot move anyone, itself included, to a department that changes its switches', async () => {
    const powerful = await createGroup('Everything', PERMISSIONS);
    const clerkGroup = await createGroup('Clerks', ['member.query', 'member.edit']);
    const clerks = await createDepartment('Clerks');
    const board = await createDepartment('Board');
    const sameGroup = await createDepartment('Clerks annex');
    for (const [id, group] of [
      [clerks, clerkGroup],
      [board, powerful],
      [sameGroup, clerkGroup],
    ] as const) {
      expect(await errno(post('/c/v0/department/update', { id, permissionGroupId: group }))).toBe(0);
    }
    const clerk = await t.createAccount(Access.admin);
    expect(await setMember(clerk.id, { departmentId: clerks })).toBe(0);
    expect(await setMember(clerk.id, { departmentId: board }, clerk.token)).toBe(Errno.noPermission);
    expect(await setMember(clerk.id, { departmentId: null }, clerk.token)).toBe(Errno.noPermission);
    expect(await setMember(clerk.id, { permissionGroupId: powerful }, clerk.token)).toBe(Errno.noPermission);
    expect(await setMember(clerk.id, { departmentId: sameGroup }, clerk.token)).toBe(0);
    const row = await t.database.db.select({ departmentId: account.departmentId }).from(account).where(eq(account.id, clerk.id));
    expect(row[0]?.departmentId).toBe(sameGroup);
  });
});

describe('access', () => {
  it('every power info call answers 40300 to every role but the administrator', async () => {
    const calls = t.app.apiRoutes.filter((route) => /^\/c\/v0\/(company|department|permissionGroup|member)\//.test(route.url));
    expect(calls.length).toBe(14);
    let probes = 0;
    for (const access of [Access.endUser, Access.installer, Access.agent, Access.distributor, Access.integrator]) {
      const caller = await t.createAccount(access);
      for (const route of calls) {
        const answer = await t.call(route.method as 'GET' | 'POST', route.url, route.method === 'POST' ? {} : undefined, {
          token: caller.token,
        });
        expect(answer.body.errno, `${access} ${route.url}`).toBe(Errno.noPermission);
        probes += 1;
      }
    }
    expect(probes).toBe(70);
  });

  it('every call is in the OpenAPI document', async () => {
    const response = await t.app.http.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json().paths);
    for (const route of t.app.apiRoutes.filter((r) => /^\/c\/v0\/(company|department|permissionGroup|member)\//.test(r.url))) {
      expect(paths).toContain(route.url);
    }
  });
});

describe('across processes', () => {
  let second: App;
  beforeAll(async () => {
    second = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), database: t.database });
  });
  afterAll(() => second.http.close());

  async function operationLogFromSecond(token: string) {
    const path = '/c/v0/log/operation/list';
    const response = await second.http.inject({
      method: 'POST',
      url: path,
      headers: { ...signedHeaders(path, token, 'en'), 'content-type': 'application/json' },
      payload: '{}',
    });
    return response.json().errno as number;
  }

  it('a group changed in one process is enforced in another that had the session cached', async () => {
    const subject = await t.createAccount(Access.admin);
    const group = await createGroup('Remote readers', ['audit.operationLog']);
    expect(await setMember(subject.id, { permissionGroupId: group })).toBe(0);
    expect(await operationLogFromSecond(subject.token)).toBe(0);
    expect(await errno(post('/c/v0/permissionGroup/update', { id: group, name: 'Remote readers', permissions: [] }))).toBe(0);
    let answer = 0;
    for (let i = 0; i < 50 && answer !== Errno.noPermission; i++) {
      answer = await operationLogFromSecond(subject.token);
      if (answer !== Errno.noPermission) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answer).toBe(Errno.noPermission);
  });
});
