import { Access, PERMISSIONS, type Permission } from '@sunstack/shared';
import type { TestAccount, TestApp } from './harness.ts';

/**
 * A new administrator whose own permission group holds every switch of spec section 6 but `removed`, made through the
 * calls as an operator (`by`, an administrator holding role.add and role.edit) would.
 */
export async function administratorWithout(t: TestApp, by: TestAccount, ...removed: Permission[]): Promise<TestAccount> {
  const subject = await t.createAccount(Access.admin);
  const permissions = PERMISSIONS.filter((code) => !removed.includes(code));
  const name = `Without ${removed.join(' ')} ${subject.id}`;
  const group = (await t.call('POST', '/c/v0/permissionGroup/create', { name, permissions }, { token: by.token })).body;
  if (group.errno !== 0) throw new Error(`permission group not created: ${JSON.stringify(group)}`);
  const member = { id: subject.id, permissionGroupId: group.result.id };
  const assigned = (await t.call('POST', '/c/v0/member/update', member, { token: by.token })).body;
  if (assigned.errno !== 0) throw new Error(`permission group not assigned: ${JSON.stringify(assigned)}`);
  return subject;
}
