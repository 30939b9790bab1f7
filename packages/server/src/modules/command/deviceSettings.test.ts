import { Access, type DeviceType, Errno } from '@sunstack/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/rawSql.ts';
import { device, deviceGrant, plant } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';

/**
 * Settings by device kind (issue 18: meter CT ratio and direction, EMS device count, the battery's through its
 * inverter): setting.get and setting.set check the keys and values against the schema of the device's kind before
 * anything is written or sent; scope and control grants as for every command.
 */
let t: TestApp;
let owner: TestAccount;
let stranger: TestAccount;
let watcher: TestAccount;
let operator: TestAccount;
let site: FleetPlant;
const KINDS: DeviceType[] = ['inverter', 'battery', 'meter', 'ems', 'gateway'];
const snOf = (type: DeviceType) => site.devices[KINDS.indexOf(type)]?.sn as string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createAccount(Access.endUser);
  stranger = await t.createAccount(Access.endUser);
  watcher = await t.createAccount(Access.integrator);
  operator = await t.createAccount(Access.integrator);
  site = await createFleetPlant(t.database.db, { devices: KINDS.length });
  await t.database.db.update(plant).set({ ownerId: owner.id }).where(eq(plant.id, site.plantId));
  for (const [i, type] of KINDS.entries())
    await t.database.db
      .update(device)
      .set({ type })
      .where(eq(device.id, site.devices[i]?.id as number));
  // One integrator sees the meter and the EMS, the other may command them too.
  for (const type of ['meter', 'ems'] as const) {
    await t.database.db.insert(deviceGrant).values([
      { deviceSn: snOf(type), integratorId: watcher.id, canControl: false, grantedBy: owner.id },
      { deviceSn: snOf(type), integratorId: operator.id, canControl: true, grantedBy: owner.id },
    ]);
  }
});
afterAll(() => t.close());

const post = async (path: string, body: unknown, token = owner.token) => (await t.call('POST', path, body, { token })).body;
const set = (type: DeviceType, settings: unknown, token?: string) => post('/c/v0/device/setting/set', { sn: snOf(type), settings }, token);
const commandCount = async () =>
  (
    await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from device_command where datalogger_sn = ${site.dataloggerSn}`,
    )
  )[0]?.n;
const auditCount = async () =>
  (await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where action like 'device.setting%'`))[0]?.n;
const refused = (path: string, message: string) => ({ errno: Errno.bodyInvalid, result: { issues: [{ path, message }] } });

describe('settings by device kind', () => {
  it("takes a meter's CT ratio and direction and an EMS's device count, as sent", async () => {
    const meter = await set('meter', { CtRatio: 80, CtDirection: 'Reverse' });
    const ems = await set('ems', { DeviceCount: 65_535 });
    for (const answer of [meter, ems]) expect(answer.errno, JSON.stringify(answer.result)).toBe(0);
    const rows = await selectRows<{ device_sn: string; params: unknown }>(
      t.database.db,
      sql`select device_sn, params from device_command where id in (${meter.result.commandId}, ${ems.result.commandId}) order by created_at`,
    );
    expect(rows).toEqual([
      { device_sn: snOf('meter'), params: { CtRatio: 80, CtDirection: 'Reverse' } },
      { device_sn: snOf('ems'), params: { DeviceCount: 65_535 } },
    ]);
    // A battery's settings are its inverter's.
    expect((await set('battery', { MinSoc: 20 })).errno).toBe(0);
  });

  it("refuses keys of another kind and values out of the kind's range, with their message, writing nothing", async () => {
    const commands = await commandCount();
    const audits = await auditCount();
    expect(await set('meter', { MinSoc: 20 })).toEqual(refused('body.settings.MinSoc', 'validation.settingUnknown'));
    expect(await set('inverter', { CtRatio: 40 })).toEqual(refused('body.settings.CtRatio', 'validation.settingUnknown'));
    expect(await set('ems', { DeviceCount: 20, CtRatio: 40 })).toEqual(refused('body.settings.CtRatio', 'validation.settingUnknown'));
    expect(await set('meter', { CtRatio: 0 })).toEqual(refused('body.settings.CtRatio', 'validation.ctRatioRange'));
    expect(await set('meter', { CtRatio: 12.5 })).toEqual(refused('body.settings.CtRatio', 'validation.ctRatioRange'));
    expect(await set('meter', { CtDirection: 'Sideways' })).toEqual(refused('body.settings.CtDirection', 'validation.ctDirection'));
    expect(await set('ems', { DeviceCount: 65_536 })).toEqual(refused('body.settings.DeviceCount', 'validation.emsCountRange'));
    expect(await set('ems', { DeviceCount: '3' })).toEqual(refused('body.settings.DeviceCount', 'validation.emsCountRange'));
    expect(await set('gateway', { DeviceCount: 3 })).toEqual(refused('body.sn', 'validation.settingsUnsupported'));
    expect(await set('meter', {})).toEqual(refused('body.settings', 'validation.settingsEmpty'));
    const read = (type: DeviceType, keys: string[]) => post('/c/v0/device/setting/get', { sn: snOf(type), keys });
    expect(await read('meter', ['CtRatio', 'MinSoc'])).toEqual(refused('body.keys.1', 'validation.settingUnknown'));
    expect(await read('gateway', [])).toEqual(refused('body.sn', 'validation.settingsUnsupported'));
    expect(await commandCount()).toBe(commands);
    expect(await auditCount()).toBe(audits);
    expect((await read('meter', ['CtRatio'])).errno).toBe(0);
  });

  it('answers a meter or EMS out of scope like a missing device, and refuses an integrator without control', async () => {
    for (const type of ['meter', 'ems'] as const) {
      const settings = type === 'meter' ? { CtRatio: 40 } : { DeviceCount: 4 };
      const missing = await post('/c/v0/device/setting/set', { sn: 'NO-SUCH-METER', settings }, stranger.token);
      expect(await set(type, settings, stranger.token)).toEqual(missing);
      expect(missing.errno).toBe(Errno.notFound);
      expect((await set(type, settings, watcher.token)).errno).toBe(Errno.noPermission);
      expect((await set(type, settings, operator.token)).errno).toBe(0);
      // Out of scope and wrong at once: still only "missing" (nothing about the device leaks through its kind).
      expect(await set(type, { MinSoc: 1 }, stranger.token)).toEqual(missing);
    }
    // The integrator's grants reach only the meter and the EMS.
    expect((await set('inverter', { MinSoc: 20 }, operator.token)).errno).toBe(Errno.notFound);
  });

  it("names a battery's inverter, which takes its settings, in the battery's detail", async () => {
    const detail = async (type: DeviceType) =>
      (await t.call('GET', `/c/v0/device/detail?sn=${snOf(type)}`, undefined, { token: owner.token })).body.result;
    expect((await detail('battery')).inverterSn).toBe(snOf('inverter'));
    expect((await detail('meter')).inverterSn).toBeNull();
  });

  it('reports a meter the settings of its kind as it last answered them', async () => {
    const { result } = await set('meter', { CtRatio: 40, CtDirection: 'Forward' });
    await t.database.db.execute(
      sql`update device_command set state = 'done', finished_at = now(), result = ${JSON.stringify({ CtRatio: 40, CtDirection: 'Forward', MinSoc: 10 })}::jsonb
        where id = ${result.commandId}`,
    );
    const reported = await t.call('GET', `/c/v0/device/setting/reported?sn=${snOf('meter')}`, undefined, { token: owner.token });
    expect(Object.keys(reported.body.result.settings).sort()).toEqual(['CtDirection', 'CtRatio']);
    expect(reported.body.result.settings.CtRatio.value).toBe(40);
  });
});
