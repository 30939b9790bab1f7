import { Access, Errno } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/rawSql.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: TestAccount;
let endUser: TestAccount;
let integrator: TestAccount;
let plant: FleetPlant;
let sharedWith: TestAccount;
const ids: Record<string, number> = {};

/** Rows written by calls that fail too (logs of what happened), or that only the clock changes. */
const NOT_COMPARED = new Set(['audit_log', 'account_log', 'attempt', 'session', 'schema_migrations']);

/** The mail sender marks mails sent meanwhile: which mails exist is what a call changes. */
const COMPARED_COLUMNS: Record<string, string> = { mail_outbox: 'id, recipient, subject, body' };

/** The statement that digests every compared table's rows, built once the schema is there. */
let digestSql: string;

/** A digest of every table's rows, to tell whether a call changed anything at all (one statement, so one snapshot). */
async function databaseDigest(): Promise<Record<string, string>> {
  const rows = await selectRows<{ name: string; digest: string }>(t.database.db, sql.raw(digestSql));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  endUser = await t.createAccount(Access.endUser);
  integrator = await t.createAccount(Access.integrator);
  const call = async (path: string, body: unknown, token = admin.token) => {
    const { body: answer } = await t.call('POST', path, body, { token });
    expect(answer.errno, `${path} ${JSON.stringify(answer.result)}`).toBe(0);
    return answer.result;
  };
  plant = await createFleetPlant(t.database.db, { devices: 2 });
  await t.database.db.execute(sql`update plant set owner_id = ${endUser.id} where id = ${plant.plantId}`);
  await t.database.db.execute(sql`insert into device (sn, datalogger_sn, plant_id, type, model)
    values (${`EV${plant.dataloggerSn}`}, ${plant.dataloggerSn}, ${plant.plantId}, 'evCharger', 'Fixture EV')`);
  const [alarm] = await selectRows<{ id: number }>(
    t.database.db,
    sql`insert into alarm (source, code, severity, datalogger_sn, device_id, plant_id, raised_at, last_raised_at)
      values ('device', 1001, 'fault', ${plant.dataloggerSn}, ${plant.devices[0]?.id}, ${plant.plantId}, now(), now()) returning id`,
  );
  ids.alarm = Number(alarm?.id);
  ids.distributor = (await call('/c/v0/distributor/create', { name: 'Atomic Distribution', country: 'DE', email: 'd@example.test' })).id;
  ids.otherDistributor = (
    await call('/c/v0/distributor/create', { name: 'Other Distribution', country: 'DE', email: 'o@example.test' })
  ).id;
  ids.agent = (
    await call('/c/v0/agent/create', { name: 'Moving Agent', country: 'DE', email: 'm@example.test', parentId: ids.distributor })
  ).id;
  ids.group = (await call('/c/v0/group/create', { kind: 'plant', name: 'Atomic group' })).id;
  await call('/c/v0/group/addMembers', { id: ids.group, members: [String(plant.plantId)] });
  ids.department = (await call('/c/v0/department/create', { name: 'Atomic department' })).id;
  ids.permissionGroup = (await call('/c/v0/permissionGroup/create', { name: 'Atomic switches', permissions: ['site.edit'] })).id;
  ids.invitation = (await call('/c/v0/invitation/create', { email: 'invited@example.test', accountType: Access.endUser })).id;
  await call('/c/v0/device/grant', { integrator: integrator.username, sns: [plant.devices[1]?.sn] }, endUser.token);
  ids.apiKey = (await call('/c/v0/apikey/create', { name: 'Atomic key' })).id;

  sharedWith = await t.createAccount(Access.endUser);
  const tables = await selectRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  digestSql = tables
    .filter(({ name }) => !NOT_COMPARED.has(name) && !name.startsWith('telemetry'))
    .map(
      ({ name }) => `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
        from (select ${COMPARED_COLUMNS[name] ?? '*'} from "${name}") t`,
    )
    .join(' union all ');

  // From here on every audit entry fails, as the lone surrogate of the review did.
  await t.database.execute(`
    create function refuse_audit_entry() returns trigger language plpgsql as $$
    begin raise exception 'audit entry refused (test)'; end $$;
    create trigger refuse_audit_entry before insert on audit_log for each row execute function refuse_audit_entry();`);
});
afterAll(() => t.close());

/** Every audited call: its path, then its body and caller (admin unless named), known once beforeAll has made the objects. */
const AUDITED_CALLS: [path: string, call: () => [body: unknown, token?: string]][] = [
  ['/c/v0/plant/update', () => [{ id: plant.plantId, name: 'Renamed' }]],
  ['/c/v0/plant/share', () => [{ id: plant.plantId, user: sharedWith.username, role: 'viewer' }, endUser.token]],
  ['/c/v0/plant/delete', () => [{ id: plant.plantId, confirm: true }]],
  ['/c/v0/user/edit', () => [{ id: endUser.id, access: Access.installer }]],
  ['/c/v0/user/status', () => [{ id: endUser.id, enabled: false }]],
  ['/c/v0/user/resetPassword', () => [{ id: endUser.id }]],
  ['/c/v0/user/create', () => [{ username: 'atomic_new', email: 'atomic_new@example.test', access: Access.endUser }]],
  ['/c/v0/distributor/update', () => [{ id: ids.distributor, name: 'Renamed Distribution' }]],
  ['/c/v0/agent/create', () => [{ name: 'Atomic Agent', country: 'DE', email: 'a@example.test', parentId: ids.distributor }]],
  ['/c/v0/group/create', () => [{ kind: 'device', name: 'Second group' }]],
  ['/c/v0/group/rename', () => [{ id: ids.group, name: 'Renamed group' }]],
  ['/c/v0/group/removeMembers', () => [{ id: ids.group, members: [String(plant.plantId)] }]],
  ['/c/v0/group/delete', () => [{ id: ids.group }]],
  ['/c/v0/department/create', () => [{ name: 'Second department' }]],
  ['/c/v0/department/update', () => [{ id: ids.department, name: 'Renamed department' }]],
  ['/c/v0/department/delete', () => [{ id: ids.department }]],
  ['/c/v0/permissionGroup/create', () => [{ name: 'Second switches', permissions: [] }]],
  ['/c/v0/permissionGroup/update', () => [{ id: ids.permissionGroup, name: 'Renamed switches', permissions: [] }]],
  ['/c/v0/permissionGroup/assignRole', () => [{ access: Access.installer, permissionGroupId: ids.permissionGroup }]],
  ['/c/v0/permissionGroup/delete', () => [{ id: ids.permissionGroup }]],
  ['/c/v0/member/update', () => [{ id: admin.id, departmentId: ids.department }]],
  ['/c/v0/company/update', () => [{ name: 'Renamed company', country: '', address: '', email: '', phone: '', website: '' }]],
  ['/c/v0/organisation/move', () => [{ id: ids.agent, parentId: ids.otherDistributor }]],
  ['/c/v0/pile/update', () => [{ sn: `EV${plant.dataloggerSn}`, name: 'Garage', dataloggerSn: plant.dataloggerSn }, endUser.token]],
  ['/c/v0/parallel/update', () => [{ id: plant.plantId, master: plant.devices[0]?.sn, slaves: [plant.devices[1]?.sn] }]],
  ['/c/v0/device/revoke', () => [{ sn: plant.devices[1]?.sn, integrator: integrator.username }, endUser.token]],
  ['/c/v0/alarm/ack', () => [{ ids: [ids.alarm], comment: 'Checked on site' }]],
  ['/c/v0/alarm/threshold/save', () => [{ plantId: plant.plantId, thresholds: { offlineMinutes: 45 } }]],
  ['/c/v0/invitation/create', () => [{ email: 'second@example.test', accountType: Access.installer }]],
  ['/c/v0/invitation/revoke', () => [{ id: ids.invitation }]],
  ['/c/v0/module/create', () => [{ sn: '123456789012399' }]],
  ['/c/v0/device/setting/get', () => [{ sn: plant.devices[0]?.sn }]],
  ['/c/v0/device/setting/set', () => [{ sn: plant.devices[0]?.sn, settings: { MinSoc: 30 } }]],
  ['/c/v0/device/config/set', () => [{ sn: plant.devices[0]?.sn, intervalSec: 600 }]],
  ['/c/v0/device/reboot', () => [{ sn: plant.devices[0]?.sn }]],
  ['/c/v0/module/unbind', () => [{ sn: plant.dataloggerSn }]],
  ['/c/v0/apikey/create', () => [{ name: 'Second key' }]],
  ['/c/v0/apikey/delete', () => [{ id: ids.apiKey }]],
  ['/c/v0/apikey/quota/set', () => [{ accountId: endUser.id, callsPerDay: 10 }]],
];

// One test per call: each compares the whole database before and after, about a second's work apiece.
describe('a change and its audit entry commit together', () => {
  for (const [path, call] of AUDITED_CALLS) {
    it(`leaves nothing changed when the audit entry of ${path} fails`, async () => {
      const [body, token = admin.token] = call();
      const before = await databaseDigest();
      const { status, body: answer } = await t.call('POST', path, body, { token });
      expect([status, answer.errno]).toEqual([500, Errno.internal]);
      expect(await databaseDigest()).toEqual(before);
    });
  }
});
