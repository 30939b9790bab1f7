import { Access, type AccessCode, Errno, FAULT_RECORD_TOP, type FaultRecordResult } from '@sunstack/shared';
import { faultText } from '@sunstack/shared/fault-messages';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datalogger, device } from '../../db/schema.ts';
import { createFleetPlant, type FleetPlant } from '../../test/fleetFixture.ts';
import { startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { ALARM_LABELS } from './labels.ts';

let t: TestApp;
let admin: TestAccount;
let north: FleetPlant;
let south: FleetPlant;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const end = Date.now();
const begin = end - 7 * DAY;

/** A device's model and firmware as its inventory would report them. */
const describeDevice = (id: number | undefined, type: 'inverter' | 'battery', model: string, master: string) =>
  t.database.db
    .update(device)
    .set({ type, model, firmware: { master, slave: '9.99' } })
    .where(eq(device.id, id as number));

/** An alarm as the events or rules leave it (`at`: raised; a device of the plant, or none for the datalogger's own). */
const raise = (
  plant: FleetPlant,
  at: number,
  fields: { device?: number; code: number; severity?: 'fault' | 'warning'; occurrences?: number; cleared?: boolean; source?: string },
) =>
  t.database.db.execute(sql`insert into alarm (source, code, severity, datalogger_sn, device_id, plant_id, raised_at, last_raised_at,
      cleared_at, occurrences)
    values (${fields.source ?? 'device'}, ${fields.code}, ${fields.severity ?? 'fault'}, ${plant.dataloggerSn}, ${fields.device ?? null},
      ${plant.plantId}, ${new Date(at).toISOString()}::timestamptz, ${new Date(at).toISOString()}::timestamptz,
      ${fields.cleared ? new Date(at + HOUR).toISOString() : null}::timestamptz, ${fields.occurrences ?? 1})`);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createAccount(Access.admin);
  // North: three hybrids H6 (two on firmware 1.42, one on 1.43) and a battery; south: an H6 on 1.43 without
  // alarms (it counts in the fleet, not in the alarms) and a C15 on 1.42.
  north = await createFleetPlant(t.database.db, { devices: 4 });
  south = await createFleetPlant(t.database.db, { devices: 2 });
  const [a, b, c, battery] = north.devices.map((d) => d.id);
  const [quiet, c15] = south.devices.map((d) => d.id);
  await describeDevice(a, 'inverter', 'H6', '1.42');
  await describeDevice(b, 'inverter', 'H6', '1.42');
  await describeDevice(c, 'inverter', 'H6', '1.43');
  await describeDevice(battery, 'battery', 'B10', '1.10');
  await describeDevice(quiet, 'inverter', 'H6', '1.43');
  await describeDevice(c15, 'inverter', 'C15', '1.42');
  await t.database.db.update(datalogger).set({ firmware: '2.05' }).where(eq(datalogger.sn, north.dataloggerSn));

  // In the range: the first raise exactly at its begin; active and cleared alike.
  await raise(north, begin, { device: a, code: 1001, occurrences: 3, cleared: true });
  await raise(north, begin + DAY, { device: a, code: 1001 });
  await raise(north, begin + 2 * DAY, { device: b, code: 1001, cleared: true });
  await raise(north, begin + 2 * DAY, { device: c, code: 1020, severity: 'warning', cleared: true });
  await raise(north, begin + 3 * DAY, { device: battery, code: 2010 });
  await raise(north, begin + 3 * DAY, { code: 9001, source: 'rule' });
  await raise(south, begin + 4 * DAY, { device: c15, code: 9999, occurrences: 2, cleared: true });
  // Outside: before the begin, and exactly at the end.
  await raise(north, begin - 1, { device: a, code: 1001, cleared: true });
  await raise(south, end, { device: quiet, code: 1001 });
});
afterAll(() => t.close());

const record = async (body: Record<string, unknown>, account = admin) =>
  (await t.call('POST', '/c/v0/alarm/faultRecord', { begin, end, ...body }, { token: account.token })).body as {
    errno: number;
    result: FaultRecordResult;
  };

describe('fault record counts', () => {
  it('counts the alarms raised in the range, active and cleared, by code, model and firmware version', async () => {
    const { errno, result } = await record({});
    expect(errno).toBe(0);
    expect(result.total).toEqual({ alarms: 7, occurrences: 10, devices: 6 });
    expect(result.codes).toEqual({
      groups: 5,
      rows: [
        { code: 1001, severity: 'fault', alarms: 3, occurrences: 5, devices: 2 },
        { code: 1020, severity: 'warning', alarms: 1, occurrences: 1, devices: 1 },
        { code: 2010, severity: 'fault', alarms: 1, occurrences: 1, devices: 1 },
        { code: 9001, severity: 'fault', alarms: 1, occurrences: 1, devices: 1 },
        { code: 9999, severity: 'fault', alarms: 1, occurrences: 2, devices: 1 },
      ],
    });
    // The fleet beside each group: four H6 (one without alarms), every datalogger for the dataloggers' own alarms.
    const dataloggers = (await t.database.db.select().from(datalogger)).length;
    expect(result.models).toEqual({
      groups: 4,
      rows: [
        { subject: 'inverter', model: 'H6', alarms: 4, occurrences: 6, devices: 3, fleetDevices: 4 },
        { subject: 'battery', model: 'B10', alarms: 1, occurrences: 1, devices: 1, fleetDevices: 1 },
        { subject: 'datalogger', model: '', alarms: 1, occurrences: 1, devices: 1, fleetDevices: dataloggers },
        { subject: 'inverter', model: 'C15', alarms: 1, occurrences: 2, devices: 1, fleetDevices: 1 },
      ],
    });
    // Versions are the devices' main (master) firmware, per kind of device: inverters on 1.42 are of both models.
    expect(result.firmware).toEqual({
      groups: 4,
      rows: [
        { subject: 'inverter', version: '1.42', alarms: 4, occurrences: 7, devices: 3, fleetDevices: 3 },
        { subject: 'battery', version: '1.10', alarms: 1, occurrences: 1, devices: 1, fleetDevices: 1 },
        { subject: 'datalogger', version: '2.05', alarms: 1, occurrences: 1, devices: 1, fleetDevices: 1 },
        { subject: 'inverter', version: '1.43', alarms: 1, occurrences: 1, devices: 1, fleetDevices: 2 },
      ],
    });
  });

  it('filters by code, severity, source, kind of subject and model', async () => {
    const codes = async (filters: Record<string, unknown>) => (await record(filters)).result.codes.rows.map((row) => row.code);
    expect(await codes({ code: 1001 })).toEqual([1001]);
    expect(await codes({ severity: 'warning' })).toEqual([1020]);
    expect(await codes({ source: 'rule' })).toEqual([9001]);
    expect(await codes({ subject: 'datalogger' })).toEqual([9001]);
    expect(await codes({ subject: 'battery' })).toEqual([2010]);
    expect(await codes({ model: 'H6' })).toEqual([1001, 1020]);
    const h6 = await record({ model: 'H6', subject: 'inverter' });
    expect(h6.result.total).toEqual({ alarms: 4, occurrences: 6, devices: 3 });
    expect(h6.result.firmware.rows.map((row) => [row.version, row.alarms])).toEqual([
      ['1.42', 3],
      ['1.43', 1],
    ]);
    const none = await record({ code: 4242 });
    expect(none.result).toEqual({
      total: { alarms: 0, occurrences: 0, devices: 0 },
      codes: { groups: 0, rows: [] },
      models: { groups: 0, rows: [] },
      firmware: { groups: 0, rows: [] },
    });
  });

  it(`answers the ${FAULT_RECORD_TOP} groups with the most alarms of a dimension, and how many there are`, async () => {
    const [device] = south.devices;
    const many = FAULT_RECORD_TOP + 5;
    const at = new Date(end + DAY).toISOString(); // apart from the alarms of the other tests
    await t.database.db.execute(sql`insert into alarm (source, code, severity, datalogger_sn, device_id, plant_id, raised_at, last_raised_at)
      select 'device', 8000 + g, 'fault', ${south.dataloggerSn}, ${device?.id}, ${south.plantId}, ${at}::timestamptz, ${at}::timestamptz
      from generate_series(1, ${many}) as g`);
    const { result } = await record({ begin: end + DAY - HOUR, end: end + DAY + HOUR });
    expect(result.codes.groups).toBe(many);
    expect(result.codes.rows).toHaveLength(FAULT_RECORD_TOP);
    // Ties in alarms and devices go by code.
    expect(result.codes.rows[0]?.code).toBe(8001);
    expect(result.total.alarms).toBe(many);
  });
});

describe('fault record rules', () => {
  it('refuses a range over 15 days, upside down or missing, and unknown fields', async () => {
    const refused: Record<string, unknown>[] = [
      { begin: end - 16 * DAY },
      { begin: end, end: end - 1 },
      { begin: end, end },
      { begin: undefined },
      { end: undefined },
      { subject: 'toaster' },
      { model: '' },
      { view: 'history' },
    ];
    for (const body of refused) expect((await record(body)).errno, JSON.stringify(body)).toBe(Errno.bodyInvalid);
    expect((await record({ begin: end - 15 * DAY })).errno).toBe(0);
  });

  it('answers 40300 to every role but administrators, for the counts and the export', async () => {
    const roles: AccessCode[] = [Access.endUser, Access.installer, Access.agent, Access.distributor, Access.integrator];
    for (const role of roles) {
      const account = await t.createAccount(role);
      expect((await record({}, account)).errno, String(role)).toBe(Errno.noPermission);
      const file = await t.call('POST', '/c/v0/alarm/faultRecord/export', { begin, end }, { token: account.token });
      expect(file.body.errno, String(role)).toBe(Errno.noPermission);
    }
  });

  it('is in the API document under alarm', async () => {
    const document = (await t.app.http.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/c/v0/alarm/faultRecord', '/c/v0/alarm/faultRecord/export']) {
      expect(document.paths[path]?.post?.tags, path).toEqual(['alarm']);
    }
  });
});

describe('fault record export', () => {
  it("writes a sheet per dimension in the caller's language, an unknown code by its number", async () => {
    const file = await t.download('/c/v0/alarm/faultRecord/export', { begin, end }, { token: admin.token, lang: 'de' });
    expect(file.contentType).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const labels = ALARM_LABELS.de;
    const words = { ...labels.columns, ...labels.faultRecord.columns };
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(Object.values(labels.faultRecord.sheets));
    const [codes, models, firmware] = book.worksheets;
    const row = (sheet: ExcelJS.Worksheet | undefined, n: number) => ((sheet?.getRow(n).values ?? []) as unknown[]).slice(1);

    expect(row(codes, 1)).toEqual([words.code, words.name, words.severity, words.alarms, words.occurrences, words.devices]);
    expect(row(codes, 2)).toEqual([1001, faultText(1001, 'de')?.name, labels.severities.fault, 3, 5, 2]);
    expect(row(codes, 6)).toEqual([9999, labels.unknownCode.replace('{code}', '9999'), labels.severities.fault, 1, 2, 1]);
    const counts = [words.alarms, words.occurrences, words.devices, words.fleetDevices, words.rate];
    expect(row(models, 1)).toEqual([words.subject, words.model, ...counts]);
    expect(row(models, 2)).toEqual([labels.subjects.inverter, 'H6', 4, 6, 3, 4, 75]);
    expect(row(firmware, 1)).toEqual([words.subject, words.version, ...counts]);
    expect(row(firmware, 5)).toEqual([labels.subjects.inverter, '1.43', 1, 1, 1, 2, 50]);
  });
});
