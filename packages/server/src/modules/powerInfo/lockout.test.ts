import { Access, Errno, PERMISSIONS, type Permission } from '@sunstack/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../db/schema.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { PERMISSION_KEEPER_SWITCHES } from './lockout.ts';

/** A database of its own: the guard looks at every administrator, so no other test's accounts may interfere. */
let t: TestApp;
let admin: TestAccount;

const post = (path: string, body: unknown, token = admin.token) => t.call('POST', path, body, { token });
const errno = async (path: string, body: unknown, token = admin.token) => (await post(path, body, token)).body.errno as number;
const buttons = async (token: string) => (await t.call('GET', '/c/v0/user/access', undefined, { token })).body.result.buttons as string[];
const except = (...removed: Permission[]) => PERMISSIONS.filter((code) => !removed.includes(code));

async function createGroup(name: string, permissions: readonly Permission[]) {
  const answer = await post('/c/v0/permissionGroup/create', { name, permissions });
  expect(answer.body.errno).toBe(0);
  return answer.body.result.id as number;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
});
afterAll(() => t.close());

describe('the lockout guard', () => {
  const assignAdminRole = (permissionGroupId: number | null, token = admin.token) =>
    errno('/c/v0/permissionGroup/assignRole', { access: Access.admin, permissionGroupId }, token);
  const setOwnGroup = (id: number, permissionGroupId: number | null, token = admin.token) =>
    errno('/c/v0/member/update', { id, permissionGroupId }, token);
  const adminRoleGroup = async () => {
    const { roles } = (await t.call('GET', '/c/v0/permissionGroup/roles', undefined, { token: admin.token })).body.result;
    return roles.find((role: { access: number }) => role.access === Access.admin).permissionGroupId as number | null;
  };
  const setDisabled = (id: number, disabled: boolean) =>
    t.database.db
      .update(account)
      .set({ disabledAt: disabled ? new Date() : null })
      .where(eq(account.id, id));

  it('keeps at least one active administrator able to view and edit permission groups', async () => {
    expect(PERMISSION_KEEPER_SWITCHES).toEqual(['role.query', 'role.edit']);
    const limited = await createGroup('Limited admins', except('role.edit'));
    const keepers = await createGroup('Keepers', ['role.query', 'role.edit', 'member.query', 'member.edit']);

    // Every administrator is on the role's defaults: a role group without role.edit would lock all out.
    expect(await assignAdminRole(limited)).toBe(Errno.permissionLockout);
    expect(await adminRoleGroup()).toBeNull();

    // One keeper is enough, if it is active.
    const keeper = await t.createAccount(Access.admin);
    expect(await setOwnGroup(keeper.id, keepers)).toBe(0);
    await setDisabled(keeper.id, true);
    expect(await assignAdminRole(limited)).toBe(Errno.permissionLockout);
    await setDisabled(keeper.id, false);
    expect(await assignAdminRole(limited)).toBe(0);
    expect(await buttons(admin.token)).toEqual(except('role.edit'));

    // Now the keepers' group and the keeper's own assignment stand between the administrators and a lockout.
    const withoutEdit = { id: keepers, name: 'Keepers', permissions: ['role.query', 'member.query'] };
    expect(await errno('/c/v0/permissionGroup/update', withoutEdit, keeper.token)).toBe(Errno.permissionLockout);
    expect(await setOwnGroup(keeper.id, null, keeper.token)).toBe(Errno.permissionLockout);
    expect(await errno('/c/v0/permissionGroup/delete', { id: keepers })).toBe(Errno.permissionGroupInUse);
    const list = await post('/c/v0/permissionGroup/list', { name: 'Keepers' }, keeper.token);
    expect(list.body.result.groups[0].permissions).toEqual(['member.query', 'member.edit', 'role.query', 'role.edit']);

    // The keeper gives everyone the defaults back.
    expect(await assignAdminRole(null, keeper.token)).toBe(0);
    expect(await buttons(admin.token)).toEqual([...PERMISSIONS]);
    expect(await setOwnGroup(keeper.id, null)).toBe(0);
  });

  it('counts a department group the same way', async () => {
    const viewers = await createGroup('Viewers', ['role.query', 'member.query']);
    const department = (await post('/c/v0/department/create', { name: 'Everyone' })).body.result.id as number;
    await t.createAccount(Access.admin);
    const roleGroup = await createGroup('Role viewers', ['role.query']);
    expect(await assignAdminRole(roleGroup)).toBe(Errno.permissionLockout);
    // Every administrator in one department whose group cannot edit: the assignment that would do it is refused.
    const everyAdmin = (await post('/c/v0/member/list', { pageSize: 50 })).body.result.members as { id: number }[];
    for (const member of everyAdmin) expect(await errno('/c/v0/member/update', { id: member.id, departmentId: department })).toBe(0);
    expect(await errno('/c/v0/department/update', { id: department, permissionGroupId: viewers })).toBe(Errno.permissionLockout);
  });
});
