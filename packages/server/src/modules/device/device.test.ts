import { Access, DeviceStatus, Errno } from '@sunstack/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, datalogger, device, deviceGrant } from '../../db/schema.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';

/**
 * Devices per kind, their detail, charging pile edit, parallel systems, integrator authorisation,
 * link SN and datalogger deletion. Devices come from the datalogger's inventory (issue 4); here
 * they are written directly, as ingest will.
 */
let t: TestApp;
let admin: TestAccount;
let installer: TestAccount;
let owner: TestAccount;
let viewer: TestAccount;
let stranger: TestAccount;
let integrator: TestAccount;
/** The owner's plant with two dataloggers, and a second plant the owner only views. */
const home = { id: 0, loggers: ['', ''] };
const shared = { id: 0, logger: '' };
let snSeq = 500_000_000_000_000;
const MINUTE = 60_000;

async function registerDatalogger() {
  snSeq += 1;
  const sn = String(snSeq);
  expect((await t.call('POST', '/c/v0/module/create', { sn }, { token: admin.token })).body.errno).toBe(0);
  return sn;
}

async function createPlant(name: string, dataloggers: string[], ownerName?: string) {
  const body = {
    name,
    type: 'residential',
    country: 'DE',
    timeZone: 'Europe/Berlin',
    dataloggers: dataloggers.map(t.claim),
    ...(ownerName ? { owner: ownerName } : {}),
  };
  const answer = await t.call('POST', '/c/v0/plant/create', body, { token: installer.token });
  expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
  return answer.body.result.id as number;
}

async function addDevice(
  sn: string,
  dataloggerSn: string,
  type: typeof device.$inferInsert.type,
  extra: Partial<typeof device.$inferInsert> = {},
) {
  const [logger] = await t.database.db.select({ plantId: datalogger.plantId }).from(datalogger).where(eq(datalogger.sn, dataloggerSn));
  await t.database.db.insert(device).values({ sn, dataloggerSn, type, plantId: logger?.plantId ?? null, ...extra });
}

const list = (body: unknown, token: string) => t.call('POST', '/c/v0/device/list', body, { token });
const sns = (answer: { body: { result: { devices: { sn: string }[] } } }) => answer.body.result.devices.map((d) => d.sn).sort();
const detail = (sn: string, token: string) => t.call('GET', `/c/v0/device/detail?sn=${encodeURIComponent(sn)}`, undefined, { token });

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  installer = await t.createAccount(Access.installer);
  owner = await t.createAccount(Access.endUser, { username: 'pile_owner' });
  viewer = await t.createAccount(Access.endUser, { username: 'pile_viewer' });
  stranger = await t.createAccount(Access.endUser, { username: 'stranger' });
  integrator = await t.createAccount(Access.integrator, { username: 'integrator_one' });

  home.loggers = [await registerDatalogger(), await registerDatalogger()];
  home.id = await createPlant('Home', home.loggers, owner.username);
  shared.logger = await registerDatalogger();
  shared.id = await createPlant('Shared', [shared.logger], viewer.username);
  expect((await t.call('POST', '/c/v0/plant/share', { id: shared.id, user: owner.username }, { token: installer.token })).body.errno).toBe(
    0,
  );

  const [first, second] = home.loggers as [string, string];
  const now = Date.now();
  await addDevice('INV-HOME-1', first, 'inverter', {
    model: 'H1-6.0',
    ratedPowerKw: 6,
    firmware: { master: '1.42', slave: '1.05', manager: '1.21', afci: '1.02' },
    lastSeenAt: new Date(now - MINUTE),
  });
  await addDevice('INV-HOME-2', first, 'inverter', { lastSeenAt: new Date(now - 60 * MINUTE) });
  await addDevice('INV-HOME-3', second, 'inverter');
  await addDevice('BAT-HOME-1', first, 'battery', { lastSeenAt: new Date(now - 2 * MINUTE) });
  await addDevice('PILE-HOME-1', first, 'evCharger', { ratedPowerKw: 11 });
  await addDevice('INV-SHARED-1', shared.logger, 'inverter');
  await addDevice('PILE-SHARED-1', shared.logger, 'evCharger');
});
afterAll(() => t.close());

describe('device lists per kind (spec section 3)', () => {
  it('lists the devices of plants in scope by kind, with fields and status as the spec says', async () => {
    const inverters = await list({ type: 'inverter', pageSize: 50 }, owner.token);
    expect(inverters.body.errno).toBe(0);
    expect(sns(inverters)).toEqual(['INV-HOME-1', 'INV-HOME-2', 'INV-HOME-3', 'INV-SHARED-1']);
    expect(inverters.body.result.devices[0]).toMatchObject({
      sn: 'INV-HOME-1',
      type: 'inverter',
      model: 'H1-6.0',
      ratedPowerKw: 6,
      dataloggerSn: home.loggers[0],
      plantId: home.id,
      plantName: 'Home',
      firmware: { master: '1.42', slave: '1.05', manager: '1.21', afci: '1.02' },
      status: DeviceStatus.normal,
    });
    const byStatus = Object.fromEntries(inverters.body.result.devices.map((d: { sn: string; status: number }) => [d.sn, d.status]));
    expect(byStatus).toEqual({ 'INV-HOME-1': 1, 'INV-HOME-2': 0, 'INV-HOME-3': 0, 'INV-SHARED-1': 0 });
    expect(sns(await list({ type: 'evCharger' }, stranger.token))).toEqual([]);
  });

  it('filters by status, plant, SN prefix and datalogger, and pages on the server', async () => {
    expect(sns(await list({ status: 'normal' }, owner.token))).toEqual(['BAT-HOME-1', 'INV-HOME-1']);
    expect(sns(await list({ type: 'inverter', status: 'offline' }, owner.token))).toEqual(['INV-HOME-2', 'INV-HOME-3', 'INV-SHARED-1']);
    expect(sns(await list({ plantId: shared.id }, owner.token))).toEqual(['INV-SHARED-1', 'PILE-SHARED-1']);
    expect(sns(await list({ sn: 'PILE' }, owner.token))).toEqual(['PILE-HOME-1', 'PILE-SHARED-1']);
    expect(sns(await list({ dataloggerSn: home.loggers[1] }, owner.token))).toEqual(['INV-HOME-3']);
    const page = await list({ pageSize: 10, currentPage: 1, sn: 'INV' }, owner.token);
    expect(page.body.result).toMatchObject({ total: 4, currentPage: 1, pageSize: 10 });
    const second = await list({ pageSize: 10, currentPage: 2 }, owner.token);
    expect(second.body.result.devices).toEqual([]);
    expect(second.body.result.total).toBe(7);
    // No alarm is active: nothing is abnormal (alarm.test.ts raises some); an unknown status is refused.
    expect(sns(await list({ status: 'abnormal' }, owner.token))).toEqual([]);
    expect((await list({ status: 'broken' }, owner.token)).body.errno).toBe(Errno.bodyInvalid);
  });

  it('shows devices reported by dataloggers in no plant only to holders of device.viewUncreated', async () => {
    const loose = await registerDatalogger();
    await addDevice('INV-LOOSE-1', loose, 'inverter');
    expect(sns(await list({ sn: 'INV-LOOSE' }, admin.token))).toEqual([]);
    expect(sns(await list({ uncreated: true }, admin.token))).toEqual(['INV-LOOSE-1']);
    expect((await list({ uncreated: true }, installer.token)).body.errno).toBe(Errno.noPermission);
  });
});

describe('device detail', () => {
  it('answers a device in scope, with what the caller may do with it', async () => {
    const mine = await detail('PILE-HOME-1', owner.token);
    expect(mine.body.result).toMatchObject({ sn: 'PILE-HOME-1', type: 'evCharger', plantName: 'Home', writable: true, authorisable: true });
    expect((await detail('PILE-HOME-1', viewer.token)).body.errno).toBe(Errno.notFound);
    const sharedPile = await detail('PILE-SHARED-1', owner.token);
    expect(sharedPile.body.result).toMatchObject({ writable: false, authorisable: false });
    const ofInstaller = await detail('PILE-HOME-1', installer.token);
    expect(ofInstaller.body.result).toMatchObject({ writable: true, authorisable: false });
  });

  it('answers a device out of scope exactly like one that does not exist', async () => {
    const missing = await detail('NO-SUCH-DEVICE', stranger.token);
    expect(missing.body).toEqual({ errno: Errno.notFound, result: {} });
    expect((await detail('INV-HOME-1', stranger.token)).body).toEqual(missing.body);
  });
});

describe('charging pile edit (spec /bus/pile/edit)', () => {
  const update = (body: unknown, token = owner.token) => t.call('POST', '/c/v0/pile/update', body, { token });

  it("renames the owner's pile and hangs it on another datalogger of the plant, audited", async () => {
    const answer = await update({ sn: 'PILE-HOME-1', name: 'Garage charger', dataloggerSn: home.loggers[1] });
    expect(answer.body.errno).toBe(0);
    expect((await detail('PILE-HOME-1', owner.token)).body.result).toMatchObject({ name: 'Garage charger', dataloggerSn: home.loggers[1] });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'device.pileUpdate'), eq(auditLog.objectId, 'PILE-HOME-1')));
    expect(entry).toMatchObject({
      before: { name: '', dataloggerSn: home.loggers[0] },
      after: { name: 'Garage charger', dataloggerSn: home.loggers[1] },
    });
  });

  it('answers "no datalogger connected for the charging pile" for a datalogger the plant does not hold, changing nothing', async () => {
    for (const dataloggerSn of [shared.logger, '599999999999999']) {
      const answer = await update({ sn: 'PILE-HOME-1', name: 'Elsewhere', dataloggerSn });
      expect(answer.body.errno, dataloggerSn).toBe(Errno.pileNoDatalogger);
    }
    expect((await detail('PILE-HOME-1', owner.token)).body.result.name).toBe('Garage charger');
  });

  it('checks the SN, the name and who may change it', async () => {
    expect((await update({ sn: 'INV-HOME-1', name: 'x', dataloggerSn: home.loggers[0] })).body.errno).toBe(Errno.notFound);
    expect((await update({ sn: 'PILE-SHARED-1', name: 'x', dataloggerSn: shared.logger })).body.errno).toBe(Errno.noPermission);
    expect((await update({ sn: 'PILE-HOME-1', name: 'x', dataloggerSn: home.loggers[0] }, stranger.token)).body.errno).toBe(Errno.notFound);
    expect((await update({ sn: 'PILE-HOME-1', name: 'x', dataloggerSn: home.loggers[0] }, installer.token)).body.errno).toBe(
      Errno.noPermission,
    );
    const long = await update({ sn: 'PILE-HOME-1', name: 'x'.repeat(33), dataloggerSn: home.loggers[0] });
    expect(long.body.errno).toBe(Errno.bodyInvalid);
    expect((await update({ sn: 'PILE-HOME-1', name: 'x', dataloggerSn: '123' })).body.errno).toBe(Errno.bodyInvalid);
    // Mass assignment: only the name and the datalogger are the owner's to set.
    for (const extra of [{ plantId: shared.id }, { type: 'inverter' }, { parallelRole: 'master' }]) {
      const answer = await update({ sn: 'PILE-HOME-1', name: 'x', dataloggerSn: home.loggers[1], ...extra });
      expect(answer.body.errno, JSON.stringify(extra)).toBe(Errno.bodyInvalid);
    }
  });
});

describe('parallel system (spec /bus/plant/parallelSystem)', () => {
  const set = (body: unknown, token = owner.token) => t.call('POST', '/c/v0/parallel/update', body, { token });
  const roles = async (id = home.id, token = owner.token) => {
    const answer = await t.call('GET', `/c/v0/parallel/detail?id=${id}`, undefined, { token });
    expect(answer.body.errno).toBe(0);
    return Object.fromEntries(answer.body.result.inverters.map((i: { sn: string; role: string | null }) => [i.sn, i.role]));
  };

  it('marks a master and its slaves among the plant inverters, and dissolves it', async () => {
    expect(await roles()).toEqual({ 'INV-HOME-1': null, 'INV-HOME-2': null, 'INV-HOME-3': null });
    expect((await set({ id: home.id, master: 'INV-HOME-1', slaves: ['INV-HOME-2', 'INV-HOME-3'] })).body.errno).toBe(0);
    expect(await roles()).toEqual({ 'INV-HOME-1': 'master', 'INV-HOME-2': 'slave', 'INV-HOME-3': 'slave' });
    expect((await set({ id: home.id, master: 'INV-HOME-2', slaves: ['INV-HOME-1'] }, installer.token)).body.errno).toBe(0);
    expect((await t.call('GET', `/c/v0/parallel/detail?id=${home.id}`, undefined, { token: viewer.token })).body.errno).toBe(
      Errno.notFound,
    );
    expect(await roles()).toEqual({ 'INV-HOME-1': 'slave', 'INV-HOME-2': 'master', 'INV-HOME-3': null });
    expect((await set({ id: home.id, master: null, slaves: [] })).body.errno).toBe(0);
    expect(await roles()).toEqual({ 'INV-HOME-1': null, 'INV-HOME-2': null, 'INV-HOME-3': null });
  });

  it('takes only inverters of the plant, one role each, and changes nothing otherwise', async () => {
    expect((await set({ id: home.id, master: 'INV-HOME-1', slaves: ['INV-HOME-2'] })).body.errno).toBe(0);
    for (const slaves of [['BAT-HOME-1'], ['INV-SHARED-1'], ['NO-SUCH-DEVICE']]) {
      expect((await set({ id: home.id, master: 'INV-HOME-3', slaves })).body.errno, slaves[0]).toBe(Errno.parallelNotInverters);
    }
    const invalid: [unknown, string][] = [
      [{ id: home.id, master: 'INV-HOME-1', slaves: ['INV-HOME-1'] }, 'device.parallelTwice'],
      [{ id: home.id, master: 'INV-HOME-1', slaves: [] }, 'device.parallelSlaveRequired'],
      [{ id: home.id, master: null, slaves: ['INV-HOME-1'] }, 'device.parallelMasterRequired'],
    ];
    for (const [body, message] of invalid) {
      const answer = await set(body);
      expect(answer.body.errno).toBe(Errno.bodyInvalid);
      expect(answer.body.result.issues.map((i: { message: string }) => i.message)).toContain(message);
    }
    expect(await roles()).toEqual({ 'INV-HOME-1': 'master', 'INV-HOME-2': 'slave', 'INV-HOME-3': null });
  });

  it('is read-only through a share, and missing outside scope', async () => {
    const shares = await t.call('GET', `/c/v0/parallel/detail?id=${shared.id}`, undefined, { token: owner.token });
    expect(shares.body.result).toMatchObject({ writable: false, inverters: [{ sn: 'INV-SHARED-1', role: null }] });
    expect((await set({ id: shared.id, master: null, slaves: [] })).body.errno).toBe(Errno.noPermission);
    expect((await set({ id: home.id, master: null, slaves: [] }, stranger.token)).body.errno).toBe(Errno.notFound);
  });

  it('dissolves when one of its inverters leaves the plant', async () => {
    await set({ id: home.id, master: 'INV-HOME-3', slaves: ['INV-HOME-1', 'INV-HOME-2'] });
    // INV-HOME-3 hangs on the second datalogger: unbinding it takes the inverter out of the plant.
    expect((await t.call('POST', '/c/v0/module/unbind', { sn: home.loggers[1] }, { token: installer.token })).body.errno).toBe(0);
    expect(await roles()).toEqual({ 'INV-HOME-1': null, 'INV-HOME-2': null });
    const link = await t.call(
      'POST',
      '/c/v0/plant/linkSn',
      { id: home.id, dataloggers: [t.claim(home.loggers[1] as string)] },
      { token: owner.token },
    );
    expect(link.body.errno).toBe(0);
    expect(await roles()).toEqual({ 'INV-HOME-1': null, 'INV-HOME-2': null, 'INV-HOME-3': null });
  });
});

describe('link SN (spec /bus/plant/linkSn)', () => {
  const link = (id: number, dataloggers: string[], token = owner.token) =>
    t.call('POST', '/c/v0/plant/linkSn', { id, dataloggers: dataloggers.map(t.claim) }, { token });
  const plantSns = async (id: number) =>
    (await t.call('GET', `/c/v0/plant/detail?id=${id}`, undefined, { token: admin.token })).body.result.dataloggerSns;

  it('adds a registered datalogger and the devices it reported to the owner plant', async () => {
    const sn = await registerDatalogger();
    await addDevice('METER-NEW-1', sn, 'meter');
    expect((await link(home.id, [sn])).body.errno).toBe(0);
    expect(await plantSns(home.id)).toContain(sn);
    expect((await detail('METER-NEW-1', owner.token)).body.result.plantId).toBe(home.id);
  });

  it('applies the SN rules: 15 digits, invalid, already exists, two identical; nothing is linked on failure', async () => {
    const fresh = await registerDatalogger();
    expect((await link(home.id, ['12345'])).body.errno).toBe(Errno.bodyInvalid);
    expect((await link(home.id, [fresh, fresh])).body.errno).toBe(Errno.snDuplicate);
    expect((await link(home.id, [fresh, '599999999999998'])).body.errno).toBe(Errno.snInvalid);
    expect((await link(home.id, [fresh, shared.logger])).body.errno).toBe(Errno.snExists);
    expect((await link(home.id, [])).body.errno).toBe(Errno.bodyInvalid);
    expect(await plantSns(home.id)).not.toContain(fresh);
  });

  it('is for plants the caller may change: 40300 through a share, 40404 out of scope, 40300 for other roles', async () => {
    const fresh = await registerDatalogger();
    expect((await link(shared.id, [fresh])).body.errno).toBe(Errno.noPermission);
    expect((await link(home.id, [fresh], stranger.token)).body.errno).toBe(Errno.notFound);
    expect((await link(home.id + 1000, [fresh], stranger.token)).body.errno).toBe(Errno.notFound);
    expect((await link(home.id, [fresh], installer.token)).body.errno).toBe(Errno.noPermission);
    expect((await link(shared.id, [fresh], admin.token)).body.errno).toBe(0);
  });
});

describe('integrator data authorisation', () => {
  const grant = (body: unknown, token = owner.token) => t.call('POST', '/c/v0/device/grant', body, { token });
  const grantsOf = async (token: string, body: unknown = {}) => {
    const answer = await t.call('POST', '/c/v0/device/grants', body, { token });
    expect(answer.body.errno).toBe(0);
    return answer.body.result;
  };

  it('lets an owner authorise chosen devices, see the grants, and revoke them', async () => {
    expect((await grant({ sns: ['INV-HOME-1', 'BAT-HOME-1'], integrator: integrator.username })).body.errno).toBe(0);
    expect(sns(await list({}, integrator.token))).toEqual(['BAT-HOME-1', 'INV-HOME-1']);
    expect((await detail('INV-HOME-1', integrator.token)).body.result).toMatchObject({ writable: false, authorisable: false });
    // The device picker offers only devices the caller decides for: not those of a plant it only views.
    expect(sns(await list({ authorisable: true, sn: 'INV' }, owner.token))).toEqual(['INV-HOME-1', 'INV-HOME-2', 'INV-HOME-3']);
    expect(sns(await list({ authorisable: true }, installer.token))).toEqual([]);
    const mine = await grantsOf(owner.token);
    expect(mine.total).toBe(2);
    expect(mine.grants[0]).toMatchObject({
      integrator: integrator.username,
      canControl: false,
      grantedBy: owner.username,
      plantName: 'Home',
    });
    expect((await grant({ sns: ['INV-HOME-1'], integrator: integrator.username, control: true })).body.errno).toBe(0);
    expect((await grantsOf(owner.token, { sn: 'INV' })).grants).toMatchObject([{ sn: 'INV-HOME-1', canControl: true }]);
    const revoke = await t.call(
      'POST',
      '/c/v0/device/revoke',
      { sn: 'BAT-HOME-1', integrator: integrator.username },
      { token: owner.token },
    );
    expect(revoke.body.errno).toBe(0);
    expect(sns(await list({}, integrator.token))).toEqual(['INV-HOME-1']);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'device.grant'));
    expect(audited.map((entry) => entry.objectId).sort()).toEqual(['BAT-HOME-1', 'INV-HOME-1', 'INV-HOME-1']);
  });

  it('grants all or none: a device the caller only views, or does not see, stops the whole grant', async () => {
    expect((await grant({ sns: ['INV-HOME-2', 'INV-SHARED-1'], integrator: integrator.username })).body.errno).toBe(Errno.noPermission);
    expect((await grant({ sns: ['INV-HOME-2', 'NO-SUCH-DEVICE'], integrator: integrator.username })).body.errno).toBe(Errno.notFound);
    expect((await grant({ sns: ['INV-HOME-2'], integrator: stranger.username })).body.errno).toBe(Errno.targetUnknown);
    expect((await grant({ sns: ['INV-HOME-2'], integrator: integrator.username }, stranger.token)).body.errno).toBe(Errno.notFound);
    expect((await grant({ sns: ['INV-HOME-2'], integrator: integrator.username }, installer.token)).body.errno).toBe(Errno.noPermission);
    const rows = await t.database.db.select().from(deviceGrant).where(eq(deviceGrant.deviceSn, 'INV-HOME-2'));
    expect(rows).toEqual([]);
  });

  it('shows each caller only the grants it manages', async () => {
    expect((await grantsOf(stranger.token)).total).toBe(0);
    expect((await grantsOf(viewer.token)).total).toBe(0);
    expect((await grantsOf(admin.token)).grants.map((g: { sn: string }) => g.sn)).toEqual(['INV-HOME-1']);
    expect((await t.call('POST', '/c/v0/device/grants', {}, { token: integrator.token })).body.errno).toBe(Errno.noPermission);
  });
});

describe('deleting a registered datalogger', () => {
  const remove = (sn: string, token = admin.token) => t.call('POST', '/c/v0/module/delete', { sn }, { token });

  it('deletes one no plant holds, with the devices it reported and their grants', async () => {
    const sn = await registerDatalogger();
    await addDevice('INV-ORPHAN-1', sn, 'inverter');
    await t.database.db.insert(deviceGrant).values({ deviceSn: 'INV-ORPHAN-1', integratorId: integrator.id, grantedBy: admin.id });
    expect((await remove(sn)).body.errno).toBe(0);
    expect(await t.database.db.select().from(datalogger).where(eq(datalogger.sn, sn))).toEqual([]);
    expect(await t.database.db.select().from(device).where(eq(device.sn, 'INV-ORPHAN-1'))).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'datalogger.delete'), eq(auditLog.objectId, sn)));
    expect(entry?.before).toMatchObject({ devices: ['INV-ORPHAN-1'] });
    expect((await remove(sn)).body.errno).toBe(Errno.notFound);
  });

  it('refuses a bound datalogger and callers without the switch', async () => {
    expect((await remove(home.loggers[0] as string)).body.errno).toBe(Errno.dataloggerBound);
    const sn = await registerDatalogger();
    expect((await remove(sn, installer.token)).body.errno).toBe(Errno.noPermission);
    expect(await t.database.db.select().from(datalogger).where(eq(datalogger.sn, sn))).toHaveLength(1);
  });
});

describe('plant edit (spec /bus/plant/edit)', () => {
  it('changes and empties fields of a plant the caller may write, and lists say which it may write', async () => {
    const update = await t.call(
      'POST',
      '/c/v0/plant/update',
      { id: home.id, latitude: 48.1, longitude: 7.9, systemSizeKw: 9.8, commissionedOn: '2026-01-15' },
      { token: owner.token },
    );
    expect(update.body.errno).toBe(0);
    const cleared = await t.call(
      'POST',
      '/c/v0/plant/update',
      { id: home.id, latitude: null, longitude: null, commissionedOn: null, city: '' },
      { token: owner.token },
    );
    expect(cleared.body.errno).toBe(0);
    const plant = (await t.call('GET', `/c/v0/plant/detail?id=${home.id}`, undefined, { token: owner.token })).body.result;
    expect(plant).toMatchObject({ latitude: null, longitude: null, commissionedOn: null, systemSizeKw: 9.8, writable: true });
    const plants = (await t.call('POST', '/c/v0/plant/list', {}, { token: owner.token })).body.result.plants;
    expect(Object.fromEntries(plants.map((p: { name: string; writable: boolean }) => [p.name, p.writable]))).toEqual({
      Home: true,
      Shared: false,
    });
    expect((await t.call('POST', '/c/v0/plant/update', { id: home.id, name: null }, { token: owner.token })).body.errno).toBe(
      Errno.bodyInvalid,
    );
  });
});
