import { Access, DEFAULT_PERMISSIONS, Errno, GROUP_MEMBERS_PER_CALL } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, organisation } from '../../db/schema.ts';
import { createUnitOfWork } from '../../db/unitOfWork.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createAccountRepo } from '../account/repo.ts';
import { createAuditRepo } from '../audit/repo.ts';
import { createAuditService } from '../audit/service.ts';
import { createGroupRepo } from './repo.ts';
import { createGroupService } from './service.ts';

let t: TestApp;
let admin: TestAccount;
let installer: TestAccount;
const plantIds: number[] = [];
const deviceSns: string[] = [];
let snSeq = 420_000_000_000_000;

const call = (path: string, body: unknown, token = admin.token) => t.call('POST', path, body, { token });
const create = async (kind: 'plant' | 'device', name: string) => {
  const answer = await call('/c/v0/group/create', { kind, name });
  expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
  return answer.body.result.id as number;
};
const members = async (id: number, page: object = {}) => (await call('/c/v0/group/members', { id, pageSize: 50, ...page })).body.result;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  const root = await createAccountRepo(t.database.db).rootOrganisationId();
  const [agent] = await t.database.db
    .insert(organisation)
    .values({ parentId: root, kind: 'agent', name: 'Group agent', code: 'GROUPAGT' })
    .returning({ id: organisation.id });
  installer = await t.createAccount(Access.installer, { organisationId: (agent as { id: number }).id });
  for (let i = 0; i < 3; i++) {
    snSeq += 1;
    const sn = String(snSeq);
    expect((await call('/c/v0/module/create', { sn })).body.errno).toBe(0);
    const plant = await t.call(
      'POST',
      '/c/v0/plant/create',
      { name: `Group plant ${i}`, type: 'commercial', country: 'IT', city: 'Bologna', timeZone: 'Europe/Rome', dataloggers: [t.claim(sn)] },
      { token: installer.token },
    );
    expect(plant.body.errno).toBe(0);
    plantIds.push(plant.body.result.id);
    const deviceSn = `GRPINV${i}`;
    await t.database.db
      .insert(device)
      .values({ sn: deviceSn, dataloggerSn: sn, plantId: plant.body.result.id, type: 'inverter', model: `Inverter ${i}` });
    deviceSns.push(deviceSn);
  }
});
afterAll(() => t.close());

describe('group management (spec section 2, /bus/group/management)', () => {
  it('creates, lists, renames and deletes groups, with unique names', async () => {
    const id = await create('plant', 'North Italy');
    expect((await call('/c/v0/group/create', { kind: 'device', name: 'north italy' })).body.errno).toBe(Errno.groupNameTaken);
    await create('device', 'Inverters to upgrade');
    const list = await call('/c/v0/group/list', { kind: 'plant' });
    expect(list.body.result.groups).toMatchObject([{ id, kind: 'plant', name: 'North Italy', members: 0, createdBy: admin.username }]);
    expect((await call('/c/v0/group/list', { name: 'UPGRADE' })).body.result.total).toBe(1);

    expect((await call('/c/v0/group/rename', { id, name: 'Emilia' })).body.errno).toBe(0);
    expect((await call('/c/v0/group/rename', { id, name: 'inverters to upgrade' })).body.errno).toBe(Errno.groupNameTaken);
    expect((await call('/c/v0/group/rename', { id, name: ' ' })).body.errno).toBe(Errno.bodyInvalid);
    expect((await call('/c/v0/group/list', { kind: 'plant' })).body.result.groups[0].name).toBe('Emilia');

    expect((await call('/c/v0/group/delete', { id })).body.errno).toBe(0);
    expect((await call('/c/v0/group/delete', { id })).body.errno).toBe(Errno.notFound);
    expect((await call('/c/v0/group/rename', { id, name: 'Back' })).body.errno).toBe(Errno.notFound);
    const log = await call('/c/v0/log/operation/list', { objectType: 'group', objectId: String(id) });
    expect(log.body.result.entries.map((e: { action: string }) => e.action)).toEqual(['group.delete', 'group.rename', 'group.create']);
  });

  it('adds plants by id and devices by SN, all or none, and pages the members', async () => {
    const plants = await create('plant', 'Bologna plants');
    const added = await call('/c/v0/group/addMembers', { id: plants, members: plantIds.map(String) });
    expect(added.body.result).toEqual({ added: 3 });
    // Adding again changes nothing; a missing plant or an SN refuses the whole call and names the entries.
    expect((await call('/c/v0/group/addMembers', { id: plants, members: [String(plantIds[0])] })).body.result).toEqual({ added: 0 });
    const refused = await call('/c/v0/group/addMembers', { id: plants, members: [String(plantIds[0]), '999999', deviceSns[0]] });
    expect(refused.body).toEqual({
      errno: Errno.groupMemberUnknown,
      result: {
        issues: [
          { path: 'body.members.1', message: 'group.memberUnknown' },
          { path: 'body.members.2', message: 'group.memberUnknown' },
        ],
      },
    });
    const page = await members(plants, { pageSize: 10 });
    expect(page.total).toBe(3);
    expect(page.kind).toBe('plant');
    expect(page.members[0]).toMatchObject({ type: 'commercial', place: 'Bologna, IT' });
    expect(page.members.map((m: { key: string }) => m.key).sort()).toEqual(plantIds.map(String).sort());
    expect((await members(plants, { pageSize: 10, currentPage: 2 })).members).toEqual([]);

    const devices = await create('device', 'Bologna inverters');
    expect((await call('/c/v0/group/addMembers', { id: devices, members: deviceSns })).body.result).toEqual({ added: 3 });
    expect((await call('/c/v0/group/addMembers', { id: devices, members: [String(plantIds[0])] })).body.errno).toBe(
      Errno.groupMemberUnknown,
    );
    const deviceMembers = await members(devices);
    expect(deviceMembers.members.find((m: { key: string }) => m.key === 'GRPINV1')).toMatchObject({
      name: 'Inverter 1',
      type: 'inverter',
      place: 'Group plant 1',
    });

    expect((await call('/c/v0/group/removeMembers', { id: devices, members: ['GRPINV0', 'NOTAMEMBER'] })).body.errno).toBe(
      Errno.groupMemberUnknown,
    );
    expect((await members(devices)).total).toBe(3);
    expect((await call('/c/v0/group/removeMembers', { id: devices, members: ['GRPINV0', 'GRPINV0'] })).body.result).toEqual({ removed: 1 });
    expect((await members(devices)).total).toBe(2);
    expect((await call('/c/v0/group/list', { name: 'Bologna inverters' })).body.result.groups[0].members).toBe(2);
  });

  it('bounds what one call adds, and hides a deleted plant from its groups', async () => {
    const id = await create('plant', 'Bounded');
    const tooMany = Array.from({ length: GROUP_MEMBERS_PER_CALL + 1 }, (_, i) => String(i + 1));
    expect((await call('/c/v0/group/addMembers', { id, members: tooMany })).body.errno).toBe(Errno.bodyInvalid);
    expect((await call('/c/v0/group/addMembers', { id, members: [] })).body.errno).toBe(Errno.bodyInvalid);
    await call('/c/v0/group/addMembers', { id, members: [String(plantIds[2])] });
    expect((await members(id)).total).toBe(1);
    expect((await call('/c/v0/plant/delete', { id: plantIds[2], confirm: true })).body.errno).toBe(0);
    expect((await members(id)).total).toBe(0);
    expect((await call('/c/v0/group/addMembers', { id, members: [String(plantIds[2])] })).body.errno).toBe(Errno.groupMemberUnknown);
  });

  it("keeps groups and members in the caller's scope, should other roles reach it (the calls are 255 only today)", async () => {
    // The service below the routes, as a branch manager's session would reach it.
    const { db, transaction, inTransaction } = createUnitOfWork(t.database.db);
    const audit = createAuditService(createAuditRepo(db), { inTransaction });
    const groups = createGroupService({ groups: createGroupRepo(db), audit, transaction });
    const client = { ip: '127.0.0.1', userAgent: 'test' };
    const root = await createAccountRepo(t.database.db).rootOrganisationId();
    const [other] = await t.database.db
      .insert(organisation)
      .values({ parentId: root, kind: 'distributor', name: 'Elsewhere', code: 'GROUPELS' })
      .returning({ id: organisation.id, path: organisation.path });
    const manager = await t.createAccount(Access.distributor, { organisationId: (other as { id: number }).id });
    const session = {
      accountId: manager.id,
      access: Access.distributor,
      organisationPath: (other as { path: string }).path,
      tokenHash: Buffer.alloc(0),
      permissions: DEFAULT_PERMISSIONS[Access.distributor] ?? [],
      permissionGroupId: null,
      passwordChangeRequired: false,
    };

    const adminGroup = await create('plant', 'Admin only');
    await call('/c/v0/group/addMembers', { id: adminGroup, members: [String(plantIds[0])] });
    await expect(groups.members(session, { id: adminGroup, currentPage: 1, pageSize: 10 })).rejects.toMatchObject({
      errno: Errno.notFound,
    });
    await expect(groups.rename(session, client, adminGroup, 'Mine now')).rejects.toMatchObject({ errno: Errno.notFound });

    const { id } = await groups.create(session, client, { kind: 'plant', name: 'Elsewhere plants' });
    await expect(groups.addMembers(session, client, { id, members: [String(plantIds[0])] })).rejects.toMatchObject({
      errno: Errno.groupMemberUnknown,
    });
    expect((await groups.list(session, { currentPage: 1, pageSize: 10 })).groups.map((g) => g.name)).toEqual(['Elsewhere plants']);
  });

  it('is for administrators only', async () => {
    for (const path of ['/c/v0/group/list', '/c/v0/group/create', '/c/v0/group/addMembers']) {
      expect((await call(path, {}, installer.token)).body.errno, path).toBe(Errno.noPermission);
    }
  });
});
