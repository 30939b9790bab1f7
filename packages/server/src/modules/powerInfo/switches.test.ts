import { Access, Errno, type Strategy } from '@sunstack/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/rawSql.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { administratorWithout } from '../../test/permissionGroups.ts';
import { periodOf } from '../../test/schedule.ts';

/**
 * Switches of spec section 6 that guard calls of their own (session 32): error record query and download, template
 * configuration and modules configuration (the datalogger's interval and restart). An administrator whose group lacks
 * one is refused 40300 and nothing changes; with it, the same call goes through.
 */
let t: TestApp;
let admin: TestAccount;
let plant: FleetPlant;

const STRATEGY: Strategy = {
  WorkMode: 'TimePeriods',
  MinSoc: 20,
  SchedulePeriods: [periodOf('02:00', '05:00')],
  PricePeriods: [],
};
const DAY = 86_400_000;
const range = { begin: Date.now() - 7 * DAY, end: Date.now() };

const post = async (path: string, body: unknown, account: TestAccount) => (await t.call('POST', path, body, { token: account.token })).body;

const count = async (table: 'strategy_template' | 'device_command') =>
  Number((await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  plant = await createFleetPlant(t.database.db, { devices: 1 });
});
afterAll(() => t.close());

describe('switches of spec section 6 on their calls', () => {
  it('error record: the counts need query, the export query and download', async () => {
    const noQuery = await administratorWithout(t, admin, 'errorRecord.query');
    const noDownload = await administratorWithout(t, admin, 'errorRecord.download');
    expect((await post('/c/v0/alarm/faultRecord', range, noQuery)).errno).toBe(Errno.noPermission);
    expect((await post('/c/v0/alarm/faultRecord/export', range, noQuery)).errno).toBe(Errno.noPermission);
    expect((await post('/c/v0/alarm/faultRecord', range, noDownload)).errno).toBe(0);
    expect((await post('/c/v0/alarm/faultRecord/export', range, noDownload)).errno).toBe(Errno.noPermission);
    const file = await t.download('/c/v0/alarm/faultRecord/export', range, { token: admin.token });
    expect(file.contentType).toContain('spreadsheetml');
  });

  it('template configuration: without it templates are listed read-only and none is created, changed or deleted', async () => {
    const created = await post('/c/v0/template/create', { name: 'Night charge', strategy: STRATEGY }, admin);
    expect(created.errno).toBe(0);
    const id = created.result.id as number;
    const subject = await administratorWithout(t, admin, 'template.configure');
    const before = await count('strategy_template');
    expect((await post('/c/v0/template/create', { name: 'Mine', strategy: STRATEGY }, subject)).errno).toBe(Errno.noPermission);
    expect((await post('/c/v0/template/update', { id, name: 'Renamed', strategy: STRATEGY }, subject)).errno).toBe(Errno.noPermission);
    expect((await post('/c/v0/template/delete', { id }, subject)).errno).toBe(Errno.noPermission);
    expect(await count('strategy_template')).toBe(before);
    const listed = await post('/c/v0/template/list', {}, subject);
    expect(listed.result.templates.map((row: { id: number; name: string; writable: boolean }) => [row.id, row.name, row.writable])).toEqual(
      [[id, 'Night charge', false]],
    );
    expect((await post('/c/v0/template/list', {}, admin)).result.templates[0].writable).toBe(true);
  });

  it("modules configuration: without it a datalogger's interval and restart are refused and nothing is queued", async () => {
    const sn = plant.devices[0]?.sn;
    const subject = await administratorWithout(t, admin, 'modules.configure');
    const before = await count('device_command');
    expect((await post('/c/v0/device/config/set', { sn, intervalSec: 600 }, subject)).errno).toBe(Errno.noPermission);
    expect((await post('/c/v0/device/reboot', { sn }, subject)).errno).toBe(Errno.noPermission);
    expect(await count('device_command')).toBe(before);
    expect((await post('/c/v0/device/config/set', { sn, intervalSec: 600 }, admin)).errno).toBe(0);
    expect(await count('device_command')).toBe(before + 1);
  });
});
