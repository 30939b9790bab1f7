import { Access, Errno } from '@sunstack/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstSheetOf, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';

let t: TestApp;
const acc: Record<string, TestAccount> = {};
let plantId = 0;

beforeAll(async () => {
  t = await startTestApp();
  const a = await t.createBranch('agent', 'AUDITA01');
  const b = await t.createBranch('agent', 'AUDITB01');
  acc.admin = await t.createAccount(Access.admin, { username: 'audit_admin' });
  acc.agentA = await t.createAccount(Access.agent, { username: 'audit_agent_a', organisationId: a });
  acc.agentB = await t.createAccount(Access.agent, { username: 'audit_agent_b', organisationId: b });
  acc.installerA = await t.createAccount(Access.installer, { username: 'audit_inst_a', organisationId: a });
  await t.call('POST', '/c/v0/module/create', { sn: '600000000000001' }, { token: acc.admin.token });
  const created = await t.call(
    'POST',
    '/c/v0/plant/create',
    { name: 'Audited roof', type: 'residential', country: 'IT', timeZone: 'Europe/Rome', dataloggers: [t.claim('600000000000001')] },
    { token: acc.installerA.token, ip: '10.9.8.7' },
  );
  plantId = created.body.result.id;
  await t.call('POST', '/c/v0/plant/update', { id: plantId, city: 'Bologna' }, { token: acc.agentA.token });
});
afterAll(() => t.close());

const list = (token: string, filters: Record<string, unknown> = {}) =>
  t.call('POST', '/c/v0/log/operation/list', { pageSize: 50, ...filters }, { token });

describe('operation log', () => {
  it('records who changed what, when, from where, before and after', async () => {
    const { body } = await list(acc.admin?.token as string, { objectType: 'plant', objectId: String(plantId) });
    expect(body.result.entries.map((e: { action: string }) => e.action)).toEqual(['plant.update', 'plant.create']);
    const [update, create] = body.result.entries;
    expect(create).toMatchObject({ actor: 'audit_inst_a', ip: '10.9.8.7', objectType: 'plant' });
    expect(JSON.parse(update.before).city).toBe('');
    expect(JSON.parse(update.after)).toEqual({ city: 'Bologna' });
    expect(Math.abs(update.at - Date.now())).toBeLessThan(60_000);
  });

  it("shows a branch manager its branch's changes only", async () => {
    const a = await list(acc.agentA?.token as string);
    expect(a.body.result.entries.map((e: { actor: string }) => e.actor).sort()).toEqual(['audit_agent_a', 'audit_inst_a']);
    const b = await list(acc.agentB?.token as string);
    expect(b.body.result.total).toBe(0);
  });

  it('filters by user name and time', async () => {
    expect((await list(acc.admin?.token as string, { actor: 'audit_inst' })).body.result.total).toBe(1);
    expect((await list(acc.admin?.token as string, { from: Date.now() + 60_000 })).body.result.total).toBe(0);
  });

  it('exports the same entries as an xlsx workbook', async () => {
    const file = await t.download('/c/v0/log/operation/export', { objectType: 'plant' }, { token: acc.agentA?.token });
    expect(file.contentType).toContain('spreadsheetml');
    const sheet = await firstSheetOf(file.bytes);
    expect(sheet.getRow(1).getCell(2).value).toBe('User');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(4).value).toBe('plant.update');
  });

  it('is refused to roles without the log screen', async () => {
    expect((await list(acc.installerA?.token as string)).body.errno).toBe(Errno.noPermission);
  });
});
