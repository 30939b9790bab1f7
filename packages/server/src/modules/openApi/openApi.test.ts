import { randomUUID } from 'node:crypto';
import { Access, type CallDeclaration, Errno, openApiCalls, type SchemaName, schemaNamed } from '@sunstack/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { deviceCommand, deviceGrant, device as deviceTable, plant as plantTable } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { createTelemetryRepo } from '../telemetry/repo.ts';
import { createRollupJob } from '../telemetry/rollups.ts';
import { OPEN_API_EXAMPLES } from './examples.ts';
import { createKey, openApiCall, openApiHeaders } from './testClient.ts';

/**
 * The Open API's calls against FoxESS's answer shapes (examples.ts, recorded from FoxESS's document
 * and clients), its signature and headers, its errnos, and the key's scope: a key reaches exactly
 * what its account reaches, and another account's SN answers like a wrong one.
 */
let t: TestApp;
let owner: TestAccount;
let stranger: TestAccount;
let integrator: TestAccount;
let ownerKey: string;
let strangerKey: string;
let integratorKey: string;
let fleet: FleetPlant;
let other: FleetPlant;
const FIVE_MIN = 300_000;
const HOUR = 3_600_000;

const sn = () => fleet.devices[0]?.sn as string;
const otherSn = () => other.devices[0]?.sn as string;
/** Settings as the device reported them (a finished setting.get, the newest value the console knows). */
async function reported(deviceSn: string, dataloggerSn: string, result: Record<string, unknown>) {
  await t.database.db.insert(deviceCommand).values({
    id: randomUUID(),
    deviceSn,
    dataloggerSn,
    type: 'setting.get',
    params: {},
    state: 'done',
    result,
    createdBy: owner.id,
    expiresAt: new Date(Date.now() + HOUR),
    finishedAt: new Date(),
  });
}

beforeAll(async () => {
  // Many calls a second here; quota.test.ts holds the per-second limit.
  t = await startTestApp({ OPEN_API_CALLS_PER_SECOND: '100000' });
  owner = await t.createAccount(Access.endUser);
  stranger = await t.createAccount(Access.endUser);
  integrator = await t.createAccount(Access.integrator);
  fleet = await createFleetPlant(t.database.db, { timeZone: 'Europe/London', devices: 2 });
  other = await createFleetPlant(t.database.db);
  await t.database.db.update(plantTable).set({ ownerId: owner.id }).where(eq(plantTable.id, fleet.plantId));
  await t.database.db.update(plantTable).set({ ownerId: stranger.id }).where(eq(plantTable.id, other.plantId));
  await t.database.db.insert(deviceTable).values({
    sn: `BAT${fleet.dataloggerSn}`,
    dataloggerSn: fleet.dataloggerSn,
    plantId: fleet.plantId,
    type: 'battery',
    model: 'EP11',
    firmware: { master: '1.017' },
  });
  await t.database.db
    .update(deviceTable)
    .set({ firmware: { master: '1.54', slave: '1.02', manager: '1.66' }, ratedPowerKw: 8, model: 'KH8' })
    .where(eq(deviceTable.sn, sn()));
  await t.database.db.insert(deviceGrant).values({ deviceSn: sn(), integratorId: integrator.id, canControl: false, grantedBy: owner.id });
  [ownerKey, strangerKey, integratorKey] = await Promise.all([
    createKey(t, owner.token),
    createKey(t, stranger.token),
    createKey(t, integrator.token),
  ]);
  // A day of 5-minute samples up to now, counters rising by 0.1 kWh each.
  const now = Math.floor(Date.now() / FIVE_MIN) * FIVE_MIN;
  const id = fleet.devices[0]?.id as number;
  await createTelemetryRepo(t.database.db).writeBatch(
    Array.from({ length: 288 }, (_, i) => ({
      deviceId: id,
      plantId: fleet.plantId,
      ts: now - (287 - i) * FIVE_MIN,
      vars: {
        pvPower: 2,
        loadsPower: 0.5,
        batChargePower: 0.4,
        batDischargePower: 0,
        generationTotal: 100 + i * 0.1,
        feedinTotal: 10 + i * 0.05,
        dischargeEnergyTotal: 30 + i * 0.01,
      },
    })),
  );
  // Its battery (on the same datalogger; the inverter reports the battery's power: its hybrid).
  const [battery] = await t.database.db
    .select({ id: deviceTable.id })
    .from(deviceTable)
    .where(eq(deviceTable.sn, `BAT${fleet.dataloggerSn}`));
  await createTelemetryRepo(t.database.db).writeBatch([
    {
      deviceId: battery?.id as number,
      plantId: fleet.plantId,
      ts: now,
      vars: { SoC: 57, SOH: 98, batVolt: 52.1, batCurrent: 7.7, batTemperature: 24, ResidualEnergy: 5.79 },
    },
  ]);
  await createRollupJob(t.database.db, t.database.kind).settle();
  await reported(sn(), fleet.dataloggerSn, {
    WorkMode: 'TimePeriods',
    MinSoc: 15,
    OffGridMinSoc: 12,
    MaxSoc: 95,
    ExportLimit: 4.5,
    PeakShavingImportLimit: 4,
    PeakShavingSoc: 50,
    SchedulePeriods: [{ start: '02:00', end: '05:00', mode: 'ForceCharge', minSocOnGrid: 15, fdSoc: 90, fdPwr: 6000, maxSoc: 95 }],
  });
});
afterAll(() => t.close());

const answerSchema = (call: CallDeclaration) => schemaNamed(call.answer as SchemaName) as z.ZodType;
const op = (call: CallDeclaration, input?: Record<string, unknown>, key = ownerKey) => openApiCall(t, call.method, call.path, input, key);

/** What each call is asked in the contract test (the owner's device and plant). */
const inputs = (): Record<string, Record<string, unknown> | undefined> => ({
  plantList: { currentPage: 1, pageSize: 100 },
  plantDetail: { id: String(fleet.plantId) },
  deviceList: { currentPage: 1, pageSize: 100 },
  deviceDetail: { sn: sn() },
  deviceDetailV0: { sn: sn() },
  realQuery: { sns: [sn()], variables: ['SoC', 'pvPower', 'batVolt'] },
  realQueryV0: { sn: sn() },
  historyQuery: { sn: sn(), variables: ['pvPower'], begin: Date.now() - 2 * HOUR, end: Date.now() },
  reportQuery: { sn: sn(), dimension: 'year', year: new Date().getUTCFullYear(), variables: ['generation', 'feedin'] },
  generation: { sn: sn() },
  variables: undefined,
  faults: undefined,
  moduleList: { currentPage: 1, pageSize: 100 },
  moduleSignal: { sn: fleet.dataloggerSn },
  socGet: { sn: sn() },
  peakShavingGet: { sn: sn() },
  batteryRealQuery: { sn: sn() },
  forceChargeTimeGet: { sn: sn() },
  settingGet: { sn: sn(), key: 'ExportLimit' },
  schedulerFlagGet: { deviceSN: sn() },
  schedulerGetV1: { deviceSN: sn() },
  schedulerGetV3: { deviceSN: sn() },
  accessCount: undefined,
});
const READS = Object.keys(openApiCalls).filter((name) => !/Set$|Enable/.test(name) && name !== 'socSet') as (keyof typeof openApiCalls)[];

describe('contract: each call answers as FoxESS does', () => {
  it.each(Object.entries(openApiCalls))('%s: the recorded FoxESS answer fits the declared answer', (_name, call) => {
    const example = OPEN_API_EXAMPLES[call.path];
    expect(example, call.path).toBeDefined();
    expect(answerSchema(call).safeParse(example?.result).error).toBeUndefined();
  });

  it.each(READS)('%s answers errno 0, msg "success" and the declared FoxESS shape', async (name) => {
    const answer = await op(openApiCalls[name], inputs()[name]);
    expect(answer.status).toBe(200);
    expect(answer.body.errno, JSON.stringify(answer.body)).toBe(0);
    expect(answer.body.msg).toBe('success');
    const parsed = answerSchema(openApiCalls[name]).safeParse(answer.body.result);
    expect(parsed.error).toBeUndefined();
  });

  it('answers real-time values of every SN in request order, every asked variable in request order, FoxESS time', async () => {
    const { result } = (await op(openApiCalls.realQuery, { sns: [fleet.devices[1]?.sn, sn()], variables: ['SoC', 'missing', 'pvPower'] }))
      .body;
    expect(result.map((d: { deviceSN: string }) => d.deviceSN)).toEqual([fleet.devices[1]?.sn, sn()]);
    expect(result[1].datas.map((d: { variable: string; value: unknown }) => [d.variable, d.value])).toEqual([
      ['SoC', 57],
      ['missing', null],
      ['pvPower', 2],
    ]);
    expect(result[1].datas[2]).toMatchObject({ unit: 'kW', name: 'PV power' });
    expect(result[1].time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (GMT|BST)[+-]\d{4}$/);
    expect(result[1].time[23]).toBe('+');
    expect(result[0].time).toBe('');
    const all = (await op(openApiCalls.realQuery, { sns: [sn()] })).body.result[0].datas.map((d: { variable: string }) => d.variable);
    // The inverter's own values, then its battery's (it reports the battery's power: it is the hybrid).
    expect(all.slice(0, 4)).toEqual(['pvPower', 'loadsPower', 'batChargePower', 'batDischargePower']);
    expect(all).toContain('SOH');
  });

  it('takes up to 50 SNs and refuses 51 (40257)', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => (i % 2 ? sn() : (fleet.devices[1]?.sn as string)));
    expect((await op(openApiCalls.realQuery, { sns: fifty })).body.result).toHaveLength(50);
    expect((await op(openApiCalls.realQuery, { sns: [...fifty, sn()] })).body.errno).toBe(Errno.bodyInvalid);
  });

  it("reports energy with FoxESS's variable names in the plant's calendar, summing to the generation figures", async () => {
    const year = new Date().getUTCFullYear();
    const yearly = (
      await op(openApiCalls.reportQuery, { sn: sn(), dimension: 'year', year, variables: ['generation', 'feedin', 'chargeEnergyToTal'] })
    ).body.result;
    expect(yearly.map((r: { variable: string }) => r.variable)).toEqual(['generation', 'feedin', 'chargeEnergyToTal']);
    expect(yearly[0].values).toHaveLength(12);
    const total = yearly[0].values.reduce((a: number, b: number) => a + b, 0);
    expect(total).toBeCloseTo(28.7, 3);
    const generation = (await op(openApiCalls.generation, { sn: sn() })).body.result;
    expect(generation.cumulative).toBeCloseTo(28.7, 3);
    const day = (await op(openApiCalls.reportQuery, { sn: sn(), dimension: 'day', year, month: 1 })).body;
    expect(day.errno).toBe(Errno.bodyInvalid);
  });

  it('answers the scheduler as groups (inclusive end minute, unused slots Invalid) and force-charge times from its periods', async () => {
    const v1 = (await op(openApiCalls.schedulerGetV1, { deviceSN: sn() })).body.result;
    expect(v1.enable).toBe(1);
    expect(v1.maxGroupCount).toBe(8);
    expect(v1.groups).toHaveLength(8);
    expect(v1.groups[0]).toEqual({
      enable: 1,
      startHour: 2,
      startMinute: 0,
      endHour: 4,
      endMinute: 59,
      workMode: 'ForceCharge',
      minSocOnGrid: 15,
      fdSoc: 90,
      fdPwr: 6000,
      maxSoc: 95,
    });
    expect(v1.groups[1]).toMatchObject({ enable: 0, workMode: 'Invalid' });
    expect(v1.properties.fdsoc.range).toEqual({ min: 10, max: 100 });
    const v3 = (await op(openApiCalls.schedulerGetV3, { deviceSN: sn() })).body.result;
    expect(v3.groups[0].extraParam).toEqual({ minSocOnGrid: 15, fdSoc: 90, fdPwr: 6000, maxSoc: 95 });
    const times = (await op(openApiCalls.forceChargeTimeGet, { sn: sn() })).body.result;
    expect(times).toEqual({
      enable1: true,
      startTime1: { hour: 2, minute: 0 },
      endTime1: { hour: 4, minute: 59 },
      enable2: false,
      startTime2: { hour: 0, minute: 0 },
      endTime2: { hour: 0, minute: 0 },
    });
    // FoxESS's minSoc holds off grid (Sunstack's OffGridMinSoc), minSocOnGrid on grid (MinSoc).
    expect((await op(openApiCalls.socGet, { sn: sn() })).body.result).toEqual({ minSoc: 12, minSocOnGrid: 15 });
    expect((await op(openApiCalls.peakShavingGet, { sn: sn() })).body.result).toEqual({
      importLimit: { value: '4000', unit: 'W', precision: 1, range: { min: 0, max: 6000000 } },
      soc: { value: '50', unit: '%', precision: 1, range: { min: 10, max: 100 } },
    });
    expect((await op(openApiCalls.settingGet, { sn: sn(), key: 'ExportLimit' })).body.result).toMatchObject({ value: '4500', unit: 'W' });
    expect((await op(openApiCalls.settingGet, { sn: sn(), key: 'WorkMode' })).body.result.enumList).toEqual([
      'SelfUse',
      'Feedin',
      'Backup',
      'PeakShaving',
    ]);
    expect((await op(openApiCalls.settingGet, { sn: sn(), key: 'NoSuchKey' })).body.errno).toBe(Errno.bodyInvalid);
  });

  it('answers a device detail with its versions and the batteries on its datalogger', async () => {
    const detail = (await op(openApiCalls.deviceDetail, { sn: sn() })).body.result;
    expect(detail).toMatchObject({
      deviceSN: sn(),
      moduleSN: fleet.dataloggerSn,
      stationID: String(fleet.plantId),
      deviceType: 'KH8',
      productType: 'KH',
      hasBattery: true,
      hasPV: true,
      masterVersion: '1.54',
      capacity: 8,
    });
    // The design capacity from the battery's own report: 5.79 kWh left at 57 % of a capacity at 98 % health.
    expect(detail.batteryList).toEqual([
      { batterySN: `BAT${fleet.dataloggerSn}`, model: 'EP11', type: 'bmu', version: '1.017', capacity: 10370 },
    ]);
    const list = (await op(openApiCalls.deviceList, { currentPage: 1, pageSize: 100 })).body.result;
    expect(list.data.map((d: { deviceSN: string }) => d.deviceSN).sort()).toEqual(fleet.devices.map((d) => d.sn).sort());
  });
});

describe("an inverter's battery, as FoxESS lists it", () => {
  it('lists the battery values foxesscloud asks for by position, derived ones with FoxESS signs, unreported ones empty', async () => {
    const asked = ['SoC', 'invBatVolt', 'invBatCurrent', 'invBatPower', 'batTemperature', 'ResidualEnergy', 'SOH', 'energyThroughput'];
    const [device] = (await op(openApiCalls.realQuery, { sns: [sn()], variables: [...asked, 'maxChargeCurrent', 'maxDischargeCurrent'] }))
      .body.result;
    const values = device.datas.map((d: { variable: string; value: number | null }) => [d.variable, d.value]);
    expect(values).toEqual([
      ['SoC', 57],
      ['invBatVolt', 52.1],
      // Charging at 0.4 kW: negative, as FoxESS signs the inverter's battery current and power.
      ['invBatCurrent', -7.7],
      ['invBatPower', -0.4],
      ['batTemperature', 24],
      ['ResidualEnergy', 5.79],
      ['SOH', 98],
      ['energyThroughput', expect.any(Number)],
      ['maxChargeCurrent', null],
      ['maxDischargeCurrent', null],
    ]);
    expect(device.datas.find((d: { variable: string }) => d.variable === 'invBatPower')).toMatchObject({ unit: 'kW' });
    // A full query (what foxesscloud's variable list is made of) names every one of them.
    const [all] = (await op(openApiCalls.realQuery, { sns: [sn()] })).body.result;
    const names = all.datas.map((d: { variable: string }) => d.variable);
    for (const name of [...asked, 'maxChargeCurrent', 'maxDischargeCurrent']) expect(names).toContain(name);
    // The battery's own values, by its SN.
    const [battery] = (await op(openApiCalls.batteryRealQuery, { sn: sn() })).body.result;
    expect(battery.deviceSN).toBe(`BAT${fleet.dataloggerSn}`);
    expect(battery.datas.map((d: { variable: string }) => d.variable)).toContain('SOH');
    // Another account's inverter answers like a wrong SN.
    expect((await op(openApiCalls.batteryRealQuery, { sn: sn() }, strangerKey)).body.errno).toBe(Errno.wrongDevice);
  });
});

describe('signature, timestamp and headers', () => {
  const path = openApiCalls.accessCount.path;
  const call = (headers: Record<string, string>) => openApiCall(t, 'GET', path, undefined, ownerKey, headers);

  it('accepts header names in any case (foxesscloud sends Token, foxess-ha token)', async () => {
    const headers = openApiHeaders(path, ownerKey);
    const capitalised = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name[0]?.toUpperCase() + name.slice(1), value]));
    const upper = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]));
    expect((await call(capitalised)).body.errno).toBe(0);
    expect((await call(upper)).body.errno).toBe(0);
  });

  it('signs with the four literal characters \\r\\n, not CR LF (40256 "illegal signature")', async () => {
    const headers = openApiHeaders(path, ownerKey);
    const crlf = (await import('node:crypto')).hash('md5', `${path}\r\n${ownerKey}\r\n${headers.timestamp}`);
    const answer = await call({ ...headers, signature: crlf });
    expect(answer.body).toMatchObject({ errno: Errno.headersMissing, result: null });
    expect(answer.status).toBe(200);
  });

  it('signs the path without its query string, and refuses a signature of another path', async () => {
    const ok = await openApiCall(t, 'GET', openApiCalls.socGet.path, { sn: sn() }, ownerKey);
    expect(ok.body.errno).toBe(0);
    const wrong = await openApiCall(t, 'GET', openApiCalls.socGet.path, { sn: sn() }, ownerKey, openApiHeaders(path, ownerKey));
    expect(wrong.body.errno).toBe(Errno.headersMissing);
  });

  it.each(['token', 'timestamp', 'signature'])('refuses a call without %s (40256)', async (name) => {
    const headers = openApiHeaders(path, ownerKey);
    delete headers[name];
    expect((await call(headers)).body.errno).toBe(Errno.headersMissing);
  });

  it('refuses a timestamp more than 5 minutes off either way, or not a number (40256)', async () => {
    for (const skew of [-5 * 60_000 - 5_000, 5 * 60_000 + 5_000]) {
      expect((await call(openApiHeaders(path, ownerKey, Date.now() + skew))).body.errno).toBe(Errno.headersMissing);
    }
    expect((await call(openApiHeaders(path, ownerKey, Date.now() - 60_000))).body.errno).toBe(0);
    const headers = openApiHeaders(path, ownerKey);
    const { hash } = await import('node:crypto');
    expect((await call({ ...headers, timestamp: 'soon', signature: hash('md5', `${path}\\r\\n${ownerKey}\\r\\nsoon`) })).body.errno).toBe(
      Errno.headersMissing,
    );
  });

  it('refuses an unknown key 41809 and a revoked one 41808, with the message in the asked language', async () => {
    const unknown = await call({ ...openApiHeaders(path, 'x'.repeat(43)), lang: 'de' });
    expect(unknown.body).toEqual({ errno: Errno.tokenInvalid, msg: expect.stringMatching(/.+/), result: null });
    const key = await createKey(t, owner.token, 'to revoke');
    const { keys } = (await t.call('POST', '/c/v0/apikey/list', {}, { token: owner.token })).body.result;
    await t.call('POST', '/c/v0/apikey/delete', { id: keys[0].id }, { token: owner.token });
    expect((await openApiCall(t, 'GET', path, undefined, key)).body.errno).toBe(Errno.tokenExpired);
  });

  it('refuses a console session token: only API keys open the Open API', async () => {
    expect((await openApiCall(t, 'GET', path, undefined, owner.token)).body.errno).toBe(Errno.tokenInvalid);
  });

  it('answers an invalid body 40257 and malformed JSON 40257, never 5xx', async () => {
    expect((await op(openApiCalls.reportQuery, { sn: sn(), dimension: 'week', year: 2026 })).body.errno).toBe(Errno.bodyInvalid);
    const response = await t.app.http.inject({
      method: 'POST',
      url: openApiCalls.plantList.path,
      headers: { ...openApiHeaders(openApiCalls.plantList.path, ownerKey), 'content-type': 'application/json' },
      payload: '{',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().errno).toBe(Errno.bodyInvalid);
  });
});

describe("a key's scope is its account's", () => {
  it("answers another account's SN exactly like a wrong one (40261), on every call naming a device", async () => {
    for (const name of READS) {
      const input = inputs()[name];
      if (!input || !('sn' in input || 'deviceSN' in input || 'sns' in input)) continue;
      const swap = (value: unknown): unknown => (value === sn() ? otherSn() : Array.isArray(value) ? value.map(swap) : value);
      const foreign = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, swap(v)]));
      const missing = Object.fromEntries(
        Object.entries(input).map(([k, v]) => [k, v === sn() ? 'NOSUCHSN' : Array.isArray(v) && v.includes(sn()) ? ['NOSUCHSN'] : v]),
      );
      if (name === 'moduleSignal') continue;
      const a = (await op(openApiCalls[name], foreign)).body;
      const b = (await op(openApiCalls[name], missing)).body;
      expect(a, name).toEqual(b);
      expect(a.errno, name).toBe(Errno.wrongDevice);
    }
    const a = (await op(openApiCalls.moduleSignal, { sn: other.dataloggerSn })).body;
    const b = (await op(openApiCalls.moduleSignal, { sn: '999999999999999' })).body;
    expect(a).toEqual(b);
    expect((await op(openApiCalls.plantDetail, { id: String(other.plantId) })).body).toEqual(
      (await op(openApiCalls.plantDetail, { id: '999999999' })).body,
    );
  });

  it("lists only the account's plants, devices and dataloggers", async () => {
    const plants = (await op(openApiCalls.plantList, { currentPage: 1, pageSize: 100 }, strangerKey)).body.result;
    expect(plants.data.map((p: { stationID: string }) => p.stationID)).toEqual([String(other.plantId)]);
    const devices = (await op(openApiCalls.deviceList, {}, strangerKey)).body.result;
    expect(devices.data.map((d: { deviceSN: string }) => d.deviceSN)).toEqual([otherSn()]);
    const modules = (await op(openApiCalls.moduleList, {}, strangerKey)).body.result;
    expect(modules.data.map((m: { moduleSN: string }) => m.moduleSN)).toEqual([other.dataloggerSn]);
  });

  it('lets an integrator read the authorised device only, and write nothing without the control grant (40300)', async () => {
    const devices = (await op(openApiCalls.deviceList, {}, integratorKey)).body.result;
    expect(devices.data.map((d: { deviceSN: string }) => d.deviceSN)).toEqual([sn()]);
    expect((await op(openApiCalls.realQuery, { sns: [sn()] }, integratorKey)).body.errno).toBe(0);
    expect((await op(openApiCalls.realQuery, { sns: [fleet.devices[1]?.sn] }, integratorKey)).body.errno).toBe(Errno.wrongDevice);
    expect((await op(openApiCalls.socGet, { sn: sn() }, integratorKey)).body.errno).toBe(0);
    expect((await op(openApiCalls.schedulerFlagSet, { deviceSN: sn(), enable: 0 }, integratorKey)).body.errno).toBe(Errno.noPermission);
  });
});

describe('/op/docs', () => {
  it('is an OpenAPI document of every call, with examples', async () => {
    const response = await t.app.http.inject({ method: 'GET', url: '/op/docs' });
    const document = response.json();
    expect(document.openapi).toBe('3.0.3');
    for (const call of Object.values(openApiCalls)) {
      const operation = document.paths[call.path][call.method.toLowerCase()];
      expect(operation.responses[200].content['application/json'].example.result, call.path).toBeDefined();
    }
  });
});
